import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BANNER_POSITIONS, type Banner } from '../../../contract/banners';
import type { FieldError } from '../../../contract/errors';
import { FormDialog, FormDialogFooter } from '../../components/form-dialog';
import { Checkbox } from '../../components/ui/checkbox';
import { FormField } from '../../components/ui/form-field';
import { ImagePicker, type ImageValue } from '../../components/ui/image-picker';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api';
import { formResolver } from '../../lib/form-resolver';
import { useSave, useUploadImage } from '../../lib/resource-hooks';
import { banners } from '../../lib/resources';
import {
  BANNER_PRIORITY_MAX,
  BANNER_PRIORITY_MIN,
  type BannerFormOutput,
  type BannerFormValues,
  bannerFormSchema,
  inputOf,
  valuesOf,
} from './banner-form-values';
import { POSITION_LABEL } from './banner-rules';

export const IMAGE_UPLOAD_FAILED = 'Image upload failed, but banner will be created without image.';
export const IMAGE_REQUIRED = 'Banner image is required';
export const VALIDATION_ERROR = 'Validation Error';

interface BannerFormDialogProps {
  open: boolean;
  /** The banner being edited, or null to add one. */
  banner: Banner | null;
  onOpenChange: (open: boolean) => void;
}

export function BannerFormDialog({ open, banner, onOpenChange }: BannerFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={banner ? 'Edit Banner' : 'Add New Banner'}
      description={banner ? 'Update the banner details.' : 'Create a promotional banner for the app.'}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl"
    >
      <BannerForm key={banner?.id ?? 'new'} banner={banner} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

const FORM_FIELDS = new Set(Object.keys(valuesOf(null)));

function BannerForm({ banner, onDone }: { banner: Banner | null; onDone: () => void }) {
  const upload = useUploadImage(banners);
  const save = useSave(banners);
  const [image, setImage] = useState<ImageValue>({ file: null, url: banner?.imageUrl ?? null });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BannerFormValues, unknown, BannerFormOutput>({
    defaultValues: valuesOf(banner),
    resolver: formResolver(bannerFormSchema),
  });
  const busy = isSubmitting || upload.isPending || save.isPending;

  const onSubmit = handleSubmit(
    async (values) => {
      let imageUrl = image.url;
      if (image.file) {
        try {
          imageUrl = (await upload.mutateAsync(image.file)).imageUrl;
        } catch {
          // Spec section 7: the banner goes on without the image, and then fails the image rule.
          window.alert(IMAGE_UPLOAD_FAILED);
          imageUrl = null;
        }
      }
      if (!imageUrl) {
        toast.error(VALIDATION_ERROR, { description: IMAGE_REQUIRED });
        return;
      }
      try {
        await save.mutateAsync({ id: banner?.id ?? null, input: inputOf(values, imageUrl) });
      } catch (error) {
        // The dialog stays open with what was typed; the server's field errors are shown where they belong.
        showFieldErrors(error);
        toast.error('Error', {
          description: banner
            ? 'Failed to update banner. Please try again.'
            : 'Failed to create banner. Please try again.',
        });
        return;
      }
      toast.success(banner ? 'Banner updated successfully!' : 'Banner created successfully!');
      onDone();
    },
    (invalid) => {
      if (invalid.title) toast.error(VALIDATION_ERROR, { description: invalid.title.message });
    },
  );

  function showFieldErrors(error: unknown) {
    if (!(error instanceof ApiError) || !Array.isArray(error.details)) return;
    for (const detail of error.details as FieldError[]) {
      if (FORM_FIELDS.has(detail.field)) {
        setError(detail.field as keyof BannerFormValues, { message: detail.message });
      }
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField label="Banner Title" required error={errors.title?.message}>
        <Input dir="auto" autoComplete="off" placeholder="Enter banner title" {...register('title')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea dir="auto" rows={3} placeholder="Describe the banner" {...register('description')} />
      </FormField>
      <FormField label="Target URL" error={errors.targetUrl?.message}>
        <Input
          type="url"
          dir="ltr"
          autoComplete="off"
          placeholder="https://example.com"
          {...register('targetUrl')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Position" error={errors.position?.message}>
          {(props) => (
            <Controller
              control={control}
              name="position"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...props}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {BANNER_POSITIONS.map((p) => (
                      <SelectItem key={p} value={p}>
                        {POSITION_LABEL[p]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </FormField>
        <FormField label="Priority" error={errors.priority?.message} hint="1 (lowest) to 10 (highest)">
          <Input
            type="number"
            inputMode="numeric"
            min={BANNER_PRIORITY_MIN}
            max={BANNER_PRIORITY_MAX}
            step={1}
            {...register('priority')}
          />
        </FormField>
        <FormField label="Start Date" error={errors.startDate?.message}>
          <Input type="date" {...register('startDate')} />
        </FormField>
        <FormField label="End Date" error={errors.endDate?.message}>
          <Input type="date" {...register('endDate')} />
        </FormField>
      </div>
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">
          Banner Image{' '}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        </span>
        <ImagePicker
          label="Banner image"
          value={image}
          onChange={setImage}
          hint="Required - Max 5MB, JPG/PNG only"
          disabled={busy}
        />
      </div>
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox
              id="banner-active"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
            <Label htmlFor="banner-active">Active Banner</Label>
          </div>
        )}
      />
      <FormDialogFooter
        onCancel={onDone}
        busy={busy}
        busyLabel={upload.isPending ? 'Uploading... Banner' : 'Saving...'}
        submitLabel={banner ? 'Update Banner' : 'Create Banner'}
      />
    </form>
  );
}
