import { SlidersHorizontalIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { BANNER_POSITIONS, type Banner, type BannerSchedule } from '../../../contract/banners';
import { FilterSelect } from '../../components/filter-select';
import { Button } from '../../components/ui/button';
import { SearchInput } from '../../components/ui/search-input';
import { POSITION_LABEL } from './banner-rules';

export interface BannerFilters {
  q: string;
  position: Banner['position'] | null;
  active: 'true' | 'false' | null;
  schedule: BannerSchedule | null;
}

export const noFilters: BannerFilters = { q: '', position: null, active: null, schedule: null };

const SCHEDULE_LABEL: Record<BannerSchedule, string> = {
  running: 'Running now',
  scheduled: 'Scheduled',
  expired: 'Expired',
};

interface BannerFiltersProps {
  filters: BannerFilters;
  onChange: (filters: BannerFilters) => void;
  /** The toolbar's buttons after the filters (the export). */
  children?: ReactNode;
}

/** The search box and the "Filters" button, which opens position, status and schedule filters. */
export function BannerFilterBar({ filters, onChange, children }: BannerFiltersProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const applied = [filters.position, filters.active, filters.schedule].filter((f) => f !== null).length;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          aria-label="Search banners"
          placeholder="Search banners, descriptions or positions..."
          className="max-w-md min-w-60 flex-1"
          onSearch={(q) => onChange({ ...filters, q })}
        />
        <Button
          variant="outline"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontalIcon aria-hidden="true" />
          Filters
          {applied > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
              <span className="sr-only">, applied: </span>
              {applied}
            </span>
          ) : null}
        </Button>
        {children}
      </div>
      {open ? (
        <fieldset id={panelId} className="flex flex-wrap items-center gap-3 rounded-md border p-3">
          <legend className="sr-only">Filters</legend>
          <FilterSelect
            label="Filter by position"
            className="w-40"
            allLabel="All Positions"
            value={filters.position}
            onChange={(position) => onChange({ ...filters, position })}
            options={BANNER_POSITIONS.map((p) => ({ value: p, label: POSITION_LABEL[p] }))}
          />
          <FilterSelect
            label="Filter by status"
            className="w-36"
            allLabel="All Status"
            value={filters.active}
            onChange={(active) => onChange({ ...filters, active })}
            options={[
              { value: 'true', label: 'Active' },
              { value: 'false', label: 'Inactive' },
            ]}
          />
          <FilterSelect
            label="Filter by schedule"
            className="w-40"
            allLabel="Any Schedule"
            value={filters.schedule}
            onChange={(schedule) => onChange({ ...filters, schedule })}
            options={(Object.keys(SCHEDULE_LABEL) as BannerSchedule[]).map((s) => ({
              value: s,
              label: SCHEDULE_LABEL[s],
            }))}
          />
          {applied > 0 ? (
            <Button variant="ghost" size="sm" onClick={() => onChange({ ...noFilters, q: filters.q })}>
              Clear filters
            </Button>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
