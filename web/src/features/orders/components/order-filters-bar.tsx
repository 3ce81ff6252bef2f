import type { Location } from '@engine/api-schemas.ts';
import { ORDER_STATUSES, type OrderStatus } from '@engine/order-state-machine.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { LocationFilterSelect } from '@web/components/ui/location-filter-select.tsx';
import { ORDER_STATUS_LABELS } from '@web/components/ui/order-status-badge.tsx';
import {
  SELECT_NONE_VALUE,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select.tsx';
import { cn } from '@web/lib/cn.ts';
import type { OrderFilters } from '@web/lib/orders/order-queries.ts';
import { Download, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';

/** How many of the filters narrow the list (the phone's folded filters say so). */
export function activeFilterCount(filters: OrderFilters): number {
  return [filters.status, filters.locationId, filters.from, filters.to, filters.notAsOrdered].filter(
    (value) => value !== null && value !== undefined,
  ).length;
}

export function OrderFiltersBar({
  filters,
  onChange,
  locations,
  exportHref,
  dateError,
}: {
  filters: OrderFilters;
  onChange: (next: OrderFilters) => void;
  locations: readonly Location[];
  /** null while the filters cannot be applied (a bad date range). */
  exportHref: string | null;
  dateError: string | null;
}) {
  // On a phone the five filters and Export fill the first screen before any order shows, so they fold behind one
  // button that says how many are on; from 640 px they are always shown.
  const [shown, setShown] = useState(false);
  const fieldsId = useId();
  const on = activeFilterCount(filters);
  return (
    <div className="mb-5 flex flex-col gap-3 rounded-[var(--ui-card-radius,var(--radius))] border border-border bg-card p-3 shadow-xs sm:p-4">
      <Button
        variant="outline"
        className="h-11 justify-between sm:hidden"
        aria-expanded={shown}
        aria-controls={fieldsId}
        onClick={() => setShown((value) => !value)}
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden />
          Filters and export
        </span>
        <span className="text-muted-foreground text-sm">{on === 0 ? 'All orders' : `${on} on`}</span>
      </Button>
      <div
        id={fieldsId}
        className={cn(
          'grid-cols-1 gap-3 sm:grid sm:grid-cols-2 md:grid-cols-[repeat(4,minmax(0,1fr))_auto] md:items-end',
          shown ? 'grid' : 'hidden',
        )}
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="orders-status">Status</Label>
          <Select
            value={filters.status ?? SELECT_NONE_VALUE}
            onValueChange={(value) =>
              onChange({ ...filters, status: value === SELECT_NONE_VALUE ? null : (value as OrderStatus) })
            }
          >
            <SelectTrigger id="orders-status" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={SELECT_NONE_VALUE}>All statuses</SelectItem>
              {ORDER_STATUSES.map((status) => (
                <SelectItem key={status} value={status}>
                  {ORDER_STATUS_LABELS[status]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="orders-location">Location</Label>
          <LocationFilterSelect
            id="orders-location"
            locations={locations}
            value={filters.locationId ?? null}
            onChange={(locationId) => onChange({ ...filters, locationId })}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor="orders-from">From</Label>
          <Input
            id="orders-from"
            type="date"
            value={filters.from ?? ''}
            max={filters.to ?? undefined}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? 'orders-date-error' : undefined}
            onChange={(event) => onChange({ ...filters, from: event.target.value || null })}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor="orders-to">To</Label>
          <Input
            id="orders-to"
            type="date"
            value={filters.to ?? ''}
            min={filters.from ?? undefined}
            aria-invalid={dateError ? true : undefined}
            onChange={(event) => onChange({ ...filters, to: event.target.value || null })}
          />
        </div>
        {/* Before Export on a phone (filters first), a row of its own below them on a desk. */}
        <div className="flex min-h-11 items-center gap-3 sm:col-span-2 md:order-last md:col-span-5">
          <Checkbox
            id="orders-not-as-ordered"
            checked={filters.notAsOrdered === true}
            onCheckedChange={(value) => onChange({ ...filters, notAsOrdered: value === true ? true : null })}
          />
          <Label htmlFor="orders-not-as-ordered" className="flex-col items-start gap-0.5">
            Only deliveries not as ordered
            <span className="font-normal text-muted-foreground text-xs">
              Orders with a line that came short, not at all, or more than ordered: what to claim from a
              vendor.
            </span>
          </Label>
        </div>
        {exportHref ? (
          <Button asChild variant="outline" className="h-11 sm:col-span-2 md:col-span-1">
            <a href={exportHref} download>
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
        ) : (
          <Button variant="outline" className="h-11 sm:col-span-2 md:col-span-1" disabled>
            <Download aria-hidden />
            Export CSV
          </Button>
        )}
      </div>
      {dateError ? (
        <p id="orders-date-error" role="alert" className="text-destructive text-sm">
          {dateError}
        </p>
      ) : null}
    </div>
  );
}
