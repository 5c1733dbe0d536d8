import { useQueryClient } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Banner } from '../../../contract/banners';
import { ExportCsvButton } from '../../components/export-csv-button';
import { ConfirmDelete } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import { invalidateAfterWrite, useList, useRemove, useToggle } from '../../lib/resource-hooks';
import { banners } from '../../lib/resources';
import { useDeleteConfirmation } from '../../lib/use-delete-confirmation';
import { BannerCard } from './banner-card';
import { BannerFilterBar, type BannerFilters, noFilters } from './banner-filters';
import { BannerFormDialog } from './banner-form-dialog';

const BANNERS_PAGE_SIZE = 12;

export default function BannersScreen() {
  const [filters, setFilters] = useState<BannerFilters>(noFilters);
  const [page, setPage] = useState(0);
  const query = {
    q: filters.q,
    position: filters.position ?? undefined,
    active: filters.active === null ? undefined : filters.active === 'true',
    schedule: filters.schedule ?? undefined,
  };
  const list = useList(banners, { ...query, limit: BANNERS_PAGE_SIZE, offset: page * BANNERS_PAGE_SIZE });
  const [form, setForm] = useState<{ open: boolean; banner: Banner | null }>({ open: false, banner: null });
  const toggles = useBannerToggles();
  const deletion = useDeleteConfirmation<Banner>(useRemove(banners), {
    failedText: 'Failed to delete banner',
    onDeleted: () => {
      toast.success('Banner deleted successfully');
      if (list.rows.length === 1 && page > 0) setPage(page - 1);
    },
    onFailed: () => toast.error('Failed to delete banner'),
  });

  return (
    <section className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Banner Management</h1>
          <p className="text-muted-foreground">Manage the promotional banners of the mobile app.</p>
        </div>
        <Button onClick={() => setForm({ open: true, banner: null })}>
          <PlusIcon aria-hidden="true" />
          Add Banner
        </Button>
      </header>

      <BannerFilterBar
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
      >
        <ExportCsvButton resource={banners} query={query} />
      </BannerFilterBar>

      {list.error ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center text-destructive">
          Error loading banners
          <Button variant="outline" size="sm" onClick={list.refetch}>
            Retry
          </Button>
        </div>
      ) : list.isLoading ? (
        <Spinner label="Loading banners..." className="py-12" />
      ) : list.rows.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">
          No banners found. Click "Add Banner" to create one.
        </p>
      ) : (
        <>
          <ul aria-label="Banners" className="grid gap-4 md:grid-cols-2">
            {list.rows.map((banner) => (
              <li key={banner.id}>
                <BannerCard
                  banner={banner}
                  isActive={toggles.shown(banner)}
                  onToggle={toggles.toggle}
                  onEdit={(b) => setForm({ open: true, banner: b })}
                  onDelete={deletion.ask}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={BANNERS_PAGE_SIZE}
            total={list.total}
            totalExact={list.totalExact}
            onPageChange={setPage}
            noun="banners"
            disabled={list.isFetching}
          />
        </>
      )}

      <BannerFormDialog
        open={form.open}
        banner={form.banner}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <ConfirmDelete
        {...deletion.dialog}
        title="Delete Banner"
        description={
          <>
            Are you sure you want to delete <span dir="auto">"{deletion.target?.title}"</span>?
          </>
        }
      />
    </section>
  );
}

/**
 * The card toggles: the switch shows the asked-for state at once; a failure is only logged (spec
 * section 8) and the list is refetched, so the card shows the real state again.
 */
function useBannerToggles() {
  const client = useQueryClient();
  const toggle = useToggle(banners);
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map());
  const settle = (id: number) =>
    setPending((p) => {
      const next = new Map(p);
      next.delete(id);
      return next;
    });
  return {
    shown: (banner: Banner) => pending.get(banner.id) ?? banner.isActive,
    toggle: (banner: Banner, isActive: boolean) => {
      setPending((p) => new Map(p).set(banner.id, isActive));
      toggle.mutate(
        { id: banner.id, field: 'isActive', value: isActive },
        {
          onSettled: () => settle(banner.id),
          onError: (error) => {
            console.error('Failed to toggle banner', error);
            void invalidateAfterWrite(client, banners);
          },
        },
      );
    },
  };
}
