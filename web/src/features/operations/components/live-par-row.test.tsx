import { describe, expect, test } from 'bun:test';
import type { Product } from '@engine/api-schemas.ts';
import { render, screen } from '@testing-library/react';
import type { ParEdit } from '@web/features/operations/model/par-edit.ts';
import type { StoredParView } from '@web/features/operations/model/par-row-view.ts';
import type { AutosaveSource } from '@web/lib/autosave/use-autosave-selection.ts';
import { fakeOutbox } from '@web-test/fake-outbox.ts';
import { Profiler } from 'react';
import { LiveParRow } from './par-row.tsx';

const product = (id: number, name: string): Product => ({
  id,
  name,
  sku: null,
  unit: 'each',
  cafeOrderCategory: 'Dairy',
  orderSubcategory: null,
  maximumStockQuantity: null,
  unitCost: 1,
  vendor: null,
  isDailyCount: false,
  barcode: null,
});
const oatMilk = product(7, 'Oat Milk');
const wholeMilk = product(8, 'Whole Milk');
const stored = (): StoredParView => ({
  par: 4,
  lifecycle: 'active',
  stockStatus: 'in_stock',
  backordered: false,
  locked: false,
  lockNote: null,
});

function renderRows(outbox: AutosaveSource<ParEdit>) {
  const renders = new Map<string, number>();
  const count = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);
  const onEdit = () => {};
  render(
    <div>
      {[oatMilk, wholeMilk].map((one, index) => (
        <Profiler key={one.id} id={one.name} onRender={count}>
          <LiveParRow
            product={one}
            view={stored()}
            outbox={outbox}
            lastCounted=""
            focusIndex={index}
            disabled={false}
            canManageLocks={false}
            lockBusy={false}
            onEdit={onEdit}
            onToggleLock={onEdit}
          />
        </Profiler>
      ))}
    </div>,
  );
  return renders;
}

const field = (name: string) => screen.getByRole('textbox', { name: `PAR of ${name}` }) as HTMLInputElement;

describe('a Set PARs row following the outbox itself (a keystroke renders one row)', () => {
  test('an edit of one product renders that row alone, showing the typed PAR unsaved', () => {
    const { source, change } = fakeOutbox<ParEdit>();
    const renders = renderRows(source);
    expect(field('Oat Milk').value).toBe('4');
    const before = { oat: renders.get('Oat Milk'), whole: renders.get('Whole Milk') };

    change(new Map([[7, { par: 9 }]]));
    expect(field('Oat Milk').value).toBe('9');
    expect(screen.getAllByText('Unsaved')).toHaveLength(1);
    expect(renders.get('Oat Milk')).toBe((before.oat ?? 0) + 1);
    expect(renders.get('Whole Milk')).toBe(before.whole);
  });

  test('a new snapshot holding the same edits renders nothing', () => {
    const { source, change } = fakeOutbox<ParEdit>();
    const renders = renderRows(source);
    change(new Map([[7, { par: 9 }]]));
    const before = { oat: renders.get('Oat Milk'), whole: renders.get('Whole Milk') };
    change(new Map([[7, { par: 9 }]]));
    expect(renders.get('Oat Milk')).toBe(before.oat);
    expect(renders.get('Whole Milk')).toBe(before.whole);
    expect(field('Oat Milk').value).toBe('9');
  });
});
