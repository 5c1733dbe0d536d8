import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DEFAULT_GENRE_COLOR, type Genre, genreInputSchema } from '../../../contract/genres';
import { FormDialog, FormDialogFooter } from '../../components/form-dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { Textarea } from '../../components/ui/textarea';
import { serverMessage } from '../../lib/error-message';
import { formResolver } from '../../lib/form-resolver';
import { useSave } from '../../lib/resource-hooks';
import { genres } from '../../lib/resources';

interface CategoryFormValues {
  name: string;
  description: string;
  color: string;
  isActive: boolean;
}

const valuesOf = (genre: Genre | null): CategoryFormValues => ({
  name: genre?.name ?? '',
  description: genre?.description ?? '',
  color: genre?.color ?? DEFAULT_GENRE_COLOR,
  isActive: genre?.isActive ?? true,
});

interface CategoryFormDialogProps {
  open: boolean;
  /** The genre being edited, or null to add one. */
  genre: Genre | null;
  onOpenChange: (open: boolean) => void;
}

export function CategoryFormDialog({ open, genre, onOpenChange }: CategoryFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={genre ? 'Edit Category' : 'Add New Category'}
      description={genre ? 'Update the category details.' : 'Create a category to group songs and albums.'}
    >
      <CategoryForm key={genre?.id ?? 'new'} genre={genre} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CategoryForm({ genre, onDone }: { genre: Genre | null; onDone: () => void }) {
  const save = useSave(genres);
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<CategoryFormValues, unknown, z.output<typeof genreInputSchema>>({
    defaultValues: valuesOf(genre),
    resolver: formResolver(genreInputSchema),
  });
  const color = watch('color');

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { id: genre?.id ?? null, input: values },
      {
        onSuccess: () => {
          toast.success(genre ? 'Category updated successfully' : 'Category created successfully');
          onDone();
        },
        // The form stays open with what was typed.
        onError: (error) => toast.error('Failed to save category', { description: serverMessage(error, '') }),
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField label="Name" required error={errors.name?.message}>
        <Input dir="auto" autoComplete="off" placeholder="e.g. Folk" {...register('name')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea dir="auto" rows={3} placeholder="Describe this category" {...register('description')} />
      </FormField>
      <FormField label="Color" error={errors.color?.message}>
        {(props) => (
          <div className="flex items-center gap-3">
            <Input type="color" className="h-9 w-16 cursor-pointer p-1" {...props} {...register('color')} />
            <span className="font-mono text-sm text-muted-foreground">{color}</span>
          </div>
        )}
      </FormField>
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Switch id="category-active" checked={field.value} onCheckedChange={field.onChange} />
            <Label htmlFor="category-active">Active</Label>
          </div>
        )}
      />
      <FormDialogFooter
        onCancel={onDone}
        busy={save.isPending}
        submitLabel={genre ? 'Update Category' : 'Create Category'}
      />
    </form>
  );
}
