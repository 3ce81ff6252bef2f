import { LIFECYCLES, STOCK_STATUSES } from '@engine/api-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { LIFECYCLE_LABELS, STOCK_STATUS_LABELS } from '@web/lib/product-labels.ts';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import {
  activeFilterCount,
  type InventoryFilters,
  MAX_NOT_COUNTED_DAYS,
  NO_FILTERS,
  parseNotCountedDays,
} from '../model/inventory-view.ts';

// Radix Select has no empty value: "any" stands for no filter.
const ANY = 'any';

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | null;
  options: readonly (readonly [string, string])[];
  onChange: (value: string | null) => void;
}) {
  return (
    <Select value={value ?? ANY} onValueChange={(next) => onChange(next === ANY ? null : next)}>
      <SelectTrigger aria-label={label} className="h-10 w-full min-w-0 sm:w-auto sm:min-w-[8.5rem]">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ANY}>{`${label}: any`}</SelectItem>
        {options.map(([option, text]) => (
          <SelectItem key={option} value={option}>
            {text}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Search by name or SKU, and the filters: category, lifecycle, stock status, lock, not counted for N days. */
export function InventoryFiltersBar({
  filters,
  categories,
  collapsible,
  onChange,
}: {
  filters: InventoryFilters;
  categories: readonly string[];
  /** On a phone the filters fold under a button, so the products start on the first screen. */
  collapsible: boolean;
  onChange: (filters: InventoryFilters) => void;
}) {
  const [open, setOpen] = useState(false);
  // The days field as typed, apart from the filter: text that is not whole days stays in view, marked, and filters
  // nothing. `badInput`: the browser's number field answers '' for text it cannot read at all ("1e").
  const [daysField, setDaysField] = useState(() => ({
    text: filters.notCountedDays === null ? '' : String(filters.notCountedDays),
    badInput: false,
  }));
  const daysInvalid = daysField.badInput || parseNotCountedDays(daysField.text).invalid;
  const set = (patch: Partial<InventoryFilters>) => onChange({ ...filters, ...patch });
  const active = activeFilterCount(filters);
  const shown = !collapsible || open;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        <div className="relative w-full sm:max-w-sm">
          <Search
            aria-hidden
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search by name or SKU"
            placeholder="Name or SKU"
            className="h-10 pl-9"
            value={filters.search}
            onChange={(event) => set({ search: event.target.value })}
          />
        </div>
        {collapsible ? (
          <Button
            variant="outline"
            className="h-10 shrink-0"
            aria-expanded={open}
            aria-controls="inventory-filters"
            onClick={() => setOpen(!open)}
          >
            <SlidersHorizontal aria-hidden />
            Filters{active > 0 ? ` (${active})` : ''}
          </Button>
        ) : null}
      </div>
      <div
        id="inventory-filters"
        className={shown ? 'grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center' : 'hidden'}
      >
        <FilterSelect
          label="Category"
          value={filters.category}
          options={categories.map((category) => [category, category] as const)}
          onChange={(category) => set({ category })}
        />
        <FilterSelect
          label="Lifecycle"
          value={filters.lifecycle}
          options={LIFECYCLES.map((lifecycle) => [lifecycle, LIFECYCLE_LABELS[lifecycle]] as const)}
          onChange={(lifecycle) => set({ lifecycle: lifecycle as InventoryFilters['lifecycle'] })}
        />
        <FilterSelect
          label="Stock status"
          value={filters.stockStatus}
          options={[
            ...STOCK_STATUSES.map((status) => [status, STOCK_STATUS_LABELS[status]] as const),
            ['none', 'Not counted'] as const,
          ]}
          onChange={(stockStatus) => set({ stockStatus: stockStatus as InventoryFilters['stockStatus'] })}
        />
        <FilterSelect
          label="Lock"
          value={filters.locked}
          options={[
            ['locked', 'Locked'],
            ['unlocked', 'Not locked'],
          ]}
          onChange={(locked) => set({ locked: locked as InventoryFilters['locked'] })}
        />
        <div className="col-span-2 flex min-h-10 flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-sm sm:col-span-1">
          <label htmlFor="not-counted-days" className="whitespace-nowrap">
            Not counted for
          </label>
          <Input
            id="not-counted-days"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_NOT_COUNTED_DAYS}
            placeholder="–"
            className="h-10 w-20"
            aria-invalid={daysInvalid || undefined}
            aria-describedby={daysInvalid ? 'not-counted-days-hint' : undefined}
            value={daysField.text}
            onChange={(event) => {
              const text = event.target.value;
              const { days } = parseNotCountedDays(text);
              setDaysField({
                // More days than the field takes shows as the most it takes, which is what it filters by.
                text: days === MAX_NOT_COUNTED_DAYS ? String(days) : text,
                badInput: event.target.validity.badInput,
              });
              set({ notCountedDays: days });
            }}
          />
          <span>days</span>
          {daysInvalid ? (
            <span id="not-counted-days-hint" className="w-full text-destructive text-xs sm:w-auto">
              Whole days only, such as 7: this filters nothing.
            </span>
          ) : null}
        </div>
        {active > 0 || filters.search !== '' || daysInvalid ? (
          <Button
            variant="ghost"
            className="col-span-2 h-10 sm:col-span-1"
            onClick={() => {
              setDaysField({ text: '', badInput: false });
              onChange(NO_FILTERS);
            }}
          >
            <X aria-hidden />
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
