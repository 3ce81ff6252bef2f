import { describe, expect, test } from 'bun:test';
import { screen } from '@testing-library/react';
import type { ParEdit } from '@web/features/operations/model/par-edit.ts';
import type { StoredParView } from '@web/features/operations/model/par-row-view.ts';
import type { AutosaveSource } from '@web/lib/autosave/use-autosave-selection.ts';
import { fakeOutbox } from '@web-test/fake-outbox.ts';
import { dairyProduct } from '@web-test/fixtures.ts';
import { renderCountingRenders } from '@web-test/render-counts.tsx';
import { LiveParRow } from './par-row.tsx';

const oatMilk = dairyProduct(7, 'Oat Milk');
const wholeMilk = dairyProduct(8, 'Whole Milk');
const stored = (): StoredParView => ({
  par: 4,
  lifecycle: 'active',
  stockStatus: 'in_stock',
  backordered: false,
  locked: false,
  lockNote: null,
});

function renderRows(outbox: AutosaveSource<ParEdit>) {
  const onEdit = () => {};
  return renderCountingRenders([oatMilk, wholeMilk], (one, index) => (
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
  ));
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
