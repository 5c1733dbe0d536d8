import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Genre } from '../../../contract/genres';
import { ExportCsvButton } from '../../components/export-csv-button';
import { LoadError } from '../../components/load-error';
import { ConfirmDelete } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/error-message';
import { useList, useRemove } from '../../lib/resource-hooks';
import { genres } from '../../lib/resources';
import { useDeleteConfirmation } from '../../lib/use-delete-confirmation';
import { CategoryCard } from './category-card';
import { CategoryFormDialog } from './category-form-dialog';

const CATEGORIES_PAGE_SIZE = 24;

export default function CategoriesScreen() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const list = useList(genres, {
    q,
    sort: 'name',
    limit: CATEGORIES_PAGE_SIZE,
    offset: page * CATEGORIES_PAGE_SIZE,
  });
  const [form, setForm] = useState<{ open: boolean; genre: Genre | null }>({ open: false, genre: null });
  const deletion = useDeleteConfirmation<Genre>(useRemove(genres), {
    failedText: 'Failed to delete genre',
    onDeleted: () => {
      toast.success('Category deleted successfully');
      if (list.rows.length === 1 && page > 0) setPage(page - 1);
    },
    onFailed: (error) => toast.error('Failed to delete genre', { description: serverMessage(error, '') }),
  });

  return (
    <section className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Categories Management</h1>
          <p className="text-muted-foreground">Organise songs and albums into genres.</p>
        </div>
        <Button onClick={() => setForm({ open: true, genre: null })}>
          <PlusIcon aria-hidden="true" />
          Add Category
        </Button>
      </header>

      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          aria-label="Search categories"
          placeholder="Search categories by name or description..."
          className="max-w-md flex-1"
          onSearch={(value) => {
            setQ(value);
            setPage(0);
          }}
        />
        <ExportCsvButton resource={genres} query={{ q, sort: 'name' }} />
      </div>

      {list.error ? (
        <LoadError text="Error loading categories" onRetry={list.refetch} />
      ) : list.isLoading ? (
        <Spinner label="Loading categories..." className="py-12" />
      ) : list.rows.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">No categories found</p>
      ) : (
        <>
          <ul aria-label="Categories" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {list.rows.map((genre) => (
              <li key={genre.id}>
                <CategoryCard
                  genre={genre}
                  onEdit={(g) => setForm({ open: true, genre: g })}
                  onDelete={deletion.ask}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={CATEGORIES_PAGE_SIZE}
            total={list.total}
            totalExact={list.totalExact}
            onPageChange={setPage}
            noun="categories"
            disabled={list.isFetching}
          />
        </>
      )}

      <CategoryFormDialog
        open={form.open}
        genre={form.genre}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <ConfirmDelete
        {...deletion.dialog}
        title="Delete Category"
        description={
          <>
            Are you sure you want to delete <span dir="auto">"{deletion.target?.name}"</span>? Songs and
            albums in this category keep their data but lose the category.
          </>
        }
      />
    </section>
  );
}
