import { XIcon } from 'lucide-react';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import type { AlbumFormOutput, AlbumFormValues, AlbumType } from './album-form-values';
import { ArtistCombobox } from './artist-combobox';

/** The spec's limit on collaborating-artist suggestions (section 9). */
export const MAX_COLLABORATOR_SUGGESTIONS = 5;
const PRIMARY_SUGGESTIONS = 8;

interface AlbumArtistFieldsProps {
  albumType: AlbumType;
  control: Control<AlbumFormValues, unknown, AlbumFormOutput>;
  errors: FieldErrors<AlbumFormValues>;
  disabled: boolean;
}

/** A single's primary artist, or a collaboration's artists chosen through a search. */
export function AlbumArtistFields({ albumType, control, errors, disabled }: AlbumArtistFieldsProps) {
  if (albumType === 'single') {
    return (
      <Controller
        control={control}
        name="primaryArtist"
        render={({ field }) => (
          <FormField label="Primary Artist" required error={errors.primaryArtist?.message}>
            {(props) => (
              <ArtistCombobox
                {...props}
                placeholder="Search for the primary artist..."
                max={PRIMARY_SUGGESTIONS}
                selected={field.value}
                onChange={field.onChange}
                disabled={disabled}
              />
            )}
          </FormField>
        )}
      />
    );
  }
  return (
    <Controller
      control={control}
      name="collaborators"
      render={({ field }) => {
        const chosen = field.value;
        return (
          <FormField
            label="Collaborating Artists"
            required
            error={errors.collaborators?.message}
            hint="Search and add the artists of this collaboration."
          >
            {(props) => (
              <div className="flex flex-col gap-2">
                {chosen.length > 0 ? (
                  <ul aria-label="Selected artists" className="flex flex-wrap gap-2">
                    {chosen.map((artist) => (
                      <li
                        key={artist.id}
                        className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-3 text-sm"
                      >
                        <span dir="auto">{artist.name}</span>
                        <button
                          type="button"
                          aria-label={`Remove ${artist.name}`}
                          disabled={disabled}
                          className="cursor-pointer rounded-full p-0.5 hover:bg-background"
                          onClick={() => field.onChange(chosen.filter((a) => a.id !== artist.id))}
                        >
                          <XIcon aria-hidden="true" className="size-3.5" />
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <ArtistCombobox
                  {...props}
                  placeholder="Search artists to add..."
                  max={MAX_COLLABORATOR_SUGGESTIONS}
                  exclude={chosen.map((a) => a.id)}
                  onChange={(artist) => {
                    if (artist && !chosen.some((a) => a.id === artist.id))
                      field.onChange([...chosen, artist]);
                  }}
                  disabled={disabled}
                />
              </div>
            )}
          </FormField>
        );
      }}
    />
  );
}
