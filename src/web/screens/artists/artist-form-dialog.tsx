import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { type Artist, artistInputSchema } from '../../../contract/artists';
import { FormDialog, FormDialogFooter } from '../../components/form-dialog';
import { Checkbox } from '../../components/ui/checkbox';
import { FormField } from '../../components/ui/form-field';
import { ImagePicker, type ImageValue } from '../../components/ui/image-picker';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { formResolver } from '../../lib/form-resolver';
import { useSave, useUploadImage } from '../../lib/resource-hooks';
import { artists } from '../../lib/resources';

export const IMAGE_UPLOAD_FAILED =
  'Image upload failed (storage not configured), but artist will be created without image.';
export const SAVE_FAILED = 'Failed to save artist. Please check the form data and try again.';

/** The form's own fields; the avatar is picked (and uploaded) separately. */
const artistFormSchema = artistInputSchema.omit({ avatar: true });

interface ArtistFormValues {
  name: string;
  country: string;
  bio: string;
  verified: boolean;
}

const valuesOf = (artist: Artist | null): ArtistFormValues => ({
  name: artist?.name ?? '',
  country: artist?.country ?? '',
  bio: artist?.bio ?? '',
  verified: artist?.verified ?? false,
});

interface ArtistFormDialogProps {
  open: boolean;
  /** The artist being edited, or null to add one. */
  artist: Artist | null;
  onOpenChange: (open: boolean) => void;
}

export function ArtistFormDialog({ open, artist, onOpenChange }: ArtistFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={artist ? 'Edit Artist' : 'Add New Artist'}
      description={artist ? 'Update the artist profile.' : 'Create an artist profile for the catalogue.'}
    >
      <ArtistForm key={artist?.id ?? 'new'} artist={artist} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ArtistForm({ artist, onDone }: { artist: Artist | null; onDone: () => void }) {
  const upload = useUploadImage(artists);
  const save = useSave(artists);
  const [image, setImage] = useState<ImageValue>({ file: null, url: artist?.avatar ?? null });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ArtistFormValues, unknown, z.output<typeof artistFormSchema>>({
    defaultValues: valuesOf(artist),
    resolver: formResolver(artistFormSchema),
  });
  const busy = isSubmitting || upload.isPending || save.isPending;

  const onSubmit = handleSubmit(async (values) => {
    let avatar = image.url;
    if (image.file) {
      try {
        avatar = (await upload.mutateAsync(image.file)).imageUrl;
      } catch {
        // The artist is still saved, without the new image (spec section 7).
        window.alert(IMAGE_UPLOAD_FAILED);
      }
    }
    try {
      await save.mutateAsync({ id: artist?.id ?? null, input: { ...values, avatar } });
    } catch {
      // The dialog stays open with everything the user typed.
      window.alert(SAVE_FAILED);
      return;
    }
    toast.success(artist ? 'Artist updated successfully' : 'Artist created successfully');
    onDone();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField label="Name" required error={errors.name?.message}>
        <Input dir="auto" autoComplete="off" placeholder="Artist name" {...register('name')} />
      </FormField>
      <FormField label="Country" error={errors.country?.message}>
        <Input dir="auto" autoComplete="off" placeholder="e.g. Pakistan" {...register('country')} />
      </FormField>
      <FormField label="Bio" error={errors.bio?.message}>
        <Textarea dir="auto" rows={4} placeholder="About the artist" {...register('bio')} />
      </FormField>
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">Avatar</span>
        <ImagePicker
          label="Avatar image"
          value={image}
          onChange={setImage}
          hint="Max 5MB, JPG/PNG only"
          disabled={busy}
        />
      </div>
      <Controller
        control={control}
        name="verified"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox
              id="artist-verified"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
            <Label htmlFor="artist-verified">Verified artist</Label>
          </div>
        )}
      />
      <FormDialogFooter
        onCancel={onDone}
        busy={busy}
        busyLabel={upload.isPending ? 'Uploading...' : 'Saving...'}
        submitLabel={artist ? 'Update Artist' : 'Create Artist'}
      />
    </form>
  );
}
