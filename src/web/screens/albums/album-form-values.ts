import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { type Album, type AlbumInput, albumInputSchema } from '../../../contract/albums';

export interface ArtistOption {
  id: number;
  name: string;
  country?: string | null;
}

export type AlbumType = 'single' | 'collaboration';

/** The album form's own fields; artists carry their names for display. The cover is picked separately. */
export interface AlbumFormValues {
  title: string;
  albumType: AlbumType;
  primaryArtist: ArtistOption | null;
  collaborators: ArtistOption[];
  /** A genre id as text, '' for none. */
  genreId: string;
  /** YYYY-MM-DD, '' for none. */
  releaseDate: string;
  description: string;
}

export type AlbumFormOutput = z.output<typeof albumInputSchema>;

export function albumFormValues(album: Album | null): AlbumFormValues {
  if (!album) {
    return {
      title: '',
      albumType: 'single',
      primaryArtist: null,
      collaborators: [],
      genreId: '',
      releaseDate: '',
      description: '',
    };
  }
  return {
    title: album.title,
    albumType: album.albumType,
    primaryArtist:
      album.primaryArtistId !== null
        ? { id: album.primaryArtistId, name: album.primaryArtistName ?? `Artist ${album.primaryArtistId}` }
        : null,
    collaborators: album.collaboratingArtistIds.map((id, i) => ({
      id,
      name: album.collaboratingArtists[i] ?? `Artist ${id}`,
    })),
    genreId: album.genreId === null ? '' : String(album.genreId),
    releaseDate: album.releaseDate?.slice(0, 10) ?? '',
    description: album.description ?? '',
  };
}

/**
 * The payload of spec section 5: empty genre, release date, description and cover as null; a
 * collaboration has no primary artist and sends its artists as selectedArtists; a single sends none.
 */
export function toAlbumInput(values: AlbumFormValues, coverArt: string | null = null): AlbumInput {
  const collaboration = values.albumType === 'collaboration';
  return {
    title: values.title,
    albumType: values.albumType,
    primaryArtistId: collaboration ? null : (values.primaryArtist?.id ?? null),
    selectedArtists: collaboration ? values.collaborators.map((a) => a.id) : [],
    genreId: values.genreId === '' ? null : Number(values.genreId),
    releaseDate: values.releaseDate.trim() === '' ? null : values.releaseDate,
    description: values.description.trim() === '' ? null : values.description,
    coverArt: coverArt || null,
  };
}

/** Where each payload field's message shows in the form. */
const FIELD_OF: Record<string, keyof AlbumFormValues> = {
  title: 'title',
  albumType: 'albumType',
  primaryArtistId: 'primaryArtist',
  selectedArtists: 'collaborators',
  genreId: 'genreId',
  releaseDate: 'releaseDate',
  description: 'description',
};

/**
 * Validates the form with the contract's albumInputSchema (its exact messages), applied to the payload
 * the form would send; hands `handleSubmit` that parsed payload (without the cover, added on save).
 */
export const albumFormResolver: Resolver<AlbumFormValues, unknown, AlbumFormOutput> = async (values) => {
  const parsed = albumInputSchema.safeParse(toAlbumInput(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<AlbumFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (!field || errors[field]) continue;
    errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
