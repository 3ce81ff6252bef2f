import type { SortingState } from '@tanstack/react-table';
import { Button } from '@web/components/ui/button.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { COLUMN_IDS, COLUMN_TITLES } from '../model/inventory-columns.ts';

/** On a phone there are no column headers to tap: the sort is a column and a direction. */
export function PhoneSort({
  sorting,
  onChange,
}: {
  sorting: SortingState;
  onChange: (sorting: SortingState) => void;
}) {
  const current = sorting[0] ?? { id: 'product', desc: false };
  return (
    <div className="flex items-center gap-1">
      <Select value={current.id} onValueChange={(id) => onChange([{ id, desc: current.desc }])}>
        <SelectTrigger aria-label="Sort by" className="h-10 w-[8.5rem]">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {COLUMN_IDS.map((id) => (
            <SelectItem key={id} value={id}>
              {COLUMN_TITLES[id]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button
        variant="outline"
        size="icon"
        className="size-10"
        aria-label={current.desc ? 'Sorted descending; sort ascending' : 'Sorted ascending; sort descending'}
        onClick={() => onChange([{ id: current.id, desc: !current.desc }])}
      >
        {current.desc ? <ArrowDown aria-hidden /> : <ArrowUp aria-hidden />}
      </Button>
    </div>
  );
}
