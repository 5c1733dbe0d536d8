import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { Album } from '../../../contract/albums';
import { FormDialog, FormDialogFooter } from '../../components/form-dialog';
import { FormField } from '../../components/ui/form-field';
import { ImagePicker, type ImageValue, useImageSizeCheck } from '../../components/ui/image-picker';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { serverMessage } from '../../lib/error-message';
import { useList, useSave, useUploadImage } from '../../lib/resource-hooks';
import { albums, genres as genresResource } from '../../lib/resources';
import { AlbumArtistFields } from './album-artist-fields';
import { GENRE_OPTIONS_QUERY } from './album-filters';
import {
  type AlbumFormOutput,
  type AlbumFormValues,
  type AlbumType,
  albumFormResolver,
  albumFormValues,
} from './album-form-values';

export const COVER_UPLOAD_FAILED = 'Failed to upload album cover. Please try again.';
/** Radix Select has no empty value; this one stands for "no genre". */
const NO_GENRE = 'none';

interface AlbumFormDialogProps {
  open: boolean;
  /** The album being edited, or null to add one. */
  album: Album | null;
  onOpenChange: (open: boolean) => void;
}

export function AlbumFormDialog({ open, album, onOpenChange }: AlbumFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-xl"
      title={album ? 'Edit Album' : 'Add New Album'}
      description={album ? 'Update the album details.' : 'Create a single-artist or collaboration album.'}
    >
      <AlbumForm key={album?.id ?? 'new'} album={album} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

export function AlbumForm({ album, onDone }: { album: Album | null; onDone: () => void }) {
  const upload = useUploadImage(albums);
  const save = useSave(albums);
  const genres = useList(genresResource, GENRE_OPTIONS_QUERY);
  const [cover, setCover] = useState<ImageValue>({ file: null, url: album?.coverArt ?? null });
  const checkSize = useImageSizeCheck(() =>
    toast.error('File too large', { description: 'Please select an image smaller than 5MB.' }),
  );
  const {
    register,
    control,
    handleSubmit,
    watch,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<AlbumFormValues, unknown, AlbumFormOutput>({
    defaultValues: albumFormValues(album),
    resolver: albumFormResolver,
  });
  const albumType = watch('albumType');
  const busy = isSubmitting || upload.isPending || save.isPending;

  const onSubmit = handleSubmit(async (input) => {
    let coverArt = cover.url;
    if (cover.file) {
      try {
        coverArt = (await upload.mutateAsync(cover.file)).imageUrl;
        // A later retry of a failed save does not upload the same file again.
        setCover({ file: null, url: coverArt });
      } catch {
        toast.error(COVER_UPLOAD_FAILED);
        return;
      }
    }
    try {
      await save.mutateAsync({ id: album?.id ?? null, input: { ...input, coverArt: coverArt || null } });
    } catch (error) {
      // The dialog stays open with everything the user typed.
      const message = serverMessage(error, '');
      toast.error('Failed to save album', message ? { description: message } : undefined);
      return;
    }
    toast.success(album ? 'Album updated successfully!' : 'Album created successfully!');
    onDone();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField label="Album Title" required error={errors.title?.message}>
        <Input dir="auto" autoComplete="off" placeholder="Album title" {...register('title')} />
      </FormField>

      <Controller
        control={control}
        name="albumType"
        render={({ field }) => (
          <FormField label="Album Type">
            {(props) => (
              <Select
                value={field.value}
                disabled={busy}
                onValueChange={(value) => {
                  field.onChange(value as AlbumType);
                  clearErrors(['primaryArtist', 'collaborators']);
                }}
              >
                <SelectTrigger {...props}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="single">Single Artist</SelectItem>
                  <SelectItem value="collaboration">Collaboration</SelectItem>
                </SelectContent>
              </Select>
            )}
          </FormField>
        )}
      />

      <AlbumArtistFields albumType={albumType} control={control} errors={errors} disabled={busy} />

      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="genreId"
          render={({ field }) => (
            <FormField label="Genre" error={errors.genreId?.message}>
              {(props) => (
                <Select
                  value={field.value === '' ? NO_GENRE : field.value}
                  disabled={busy}
                  onValueChange={(value) => field.onChange(value === NO_GENRE ? '' : value)}
                >
                  <SelectTrigger {...props}>
                    <SelectValue placeholder="Select genre" />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NO_GENRE}>No genre</SelectItem>
                    {genres.rows.map((genre) => (
                      <SelectItem key={genre.id} value={String(genre.id)}>
                        <span dir="auto">{genre.name}</span>
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
          )}
        />
        <FormField label="Release Date" error={errors.releaseDate?.message}>
          <Input type="date" {...register('releaseDate')} />
        </FormField>
      </div>

      <FormField label="Description" error={errors.description?.message}>
        <Textarea dir="auto" rows={3} placeholder="About this album" {...register('description')} />
      </FormField>

      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">Cover Image</span>
        <ImagePicker
          label="Cover image"
          value={cover}
          onChange={setCover}
          validate={checkSize}
          hint="Max 5MB, JPG/PNG only"
          disabled={busy}
        />
      </div>

      <FormDialogFooter
        onCancel={onDone}
        busy={busy}
        busyLabel={upload.isPending ? 'Uploading...' : 'Saving...'}
        submitLabel={album ? 'Update Album' : 'Create Album'}
      />
    </form>
  );
}
