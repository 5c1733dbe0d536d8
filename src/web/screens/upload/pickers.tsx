import { useAlbumSearch, useGenreSearch } from './queries';
import type { AlbumChoice, GenreChoice } from './queue';
import { SearchPicker } from './search-picker';

interface PickerProps<T> {
  id: string;
  label: string;
  selected: T | null;
  onChange: (value: T | null) => void;
  invalid?: boolean;
  required?: boolean;
  disabled?: boolean;
}

const albumText = (album: AlbumChoice) =>
  album.artistName ? `${album.title} - ${album.artistName}` : album.title;

/** Album options read "title - artist"; the server searches titles and artist names. */
export function AlbumPicker(props: PickerProps<AlbumChoice>) {
  return (
    <SearchPicker
      {...props}
      textOf={albumText}
      renderOption={(album) => (
        <span dir="auto" className="block truncate">
          {albumText(album)}
        </span>
      )}
      useSearch={useAlbumSearch}
      placeholder="Search albums..."
      noneText="No albums found"
    />
  );
}

export function GenrePicker(props: PickerProps<GenreChoice>) {
  return (
    <SearchPicker
      {...props}
      textOf={(genre) => genre.name}
      renderOption={(genre) => (
        <span dir="auto" className="block truncate">
          {genre.name}
        </span>
      )}
      useSearch={useGenreSearch}
      placeholder="Search genres..."
      noneText="No genres found"
    />
  );
}
