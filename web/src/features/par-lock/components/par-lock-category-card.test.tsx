import { expect, spyOn, test } from 'bun:test';
import type { ParLockProduct } from '@engine/par-lock-schemas.ts';
import { render, screen } from '@testing-library/react';
import * as displayFormat from '@web/lib/display-format.ts';
import { type LockTarget, ParLockCategoryCard } from './par-lock-category-card.tsx';

test('a category is named "Bakery, 0 of 0 locked", the count not run into the name as one word', () => {
  render(
    <ParLockCategoryCard
      group={{ category: 'Bakery', products: [], lockedCount: 0 }}
      totalInCategory={0}
      busy={null}
      onChange={() => {}}
      now={new Date('2026-12-07T12:00:00Z')}
      timeZone="UTC"
    />,
  );
  // The heading names the region; its inline parts are read as their text runs, without spaces between them.
  const heading = screen.getByRole('heading', { level: 2 });
  expect(screen.getByRole('region').getAttribute('aria-labelledby')).toBe(heading.id);
  expect(heading.textContent).toBe('Bakery, 0 of 0 locked');
});

test('locking one product redraws its row only, not the category’s thousands of others', () => {
  const products: ParLockProduct[] = Array.from({ length: 40 }, (_, i) => ({
    productId: i + 1,
    productName: `Product ${i + 1}`,
    category: 'Bakery',
    subcategory: null,
    par: 4,
    lifecycle: 'active',
    locked: false,
    lockedBy: null,
    lockedAt: null,
  }));
  const onChange = () => {};
  const now = new Date('2026-12-07T12:00:00Z');
  const card = (busy: LockTarget | null) => (
    <ParLockCategoryCard
      group={{ category: 'Bakery', products, lockedCount: 0 }}
      totalInCategory={products.length}
      busy={busy}
      onChange={onChange}
      now={now}
      timeZone="UTC"
    />
  );
  const view = render(card(null));
  // Each row writes its PAR once as it is drawn.
  const rowDraws = spyOn(displayFormat, 'formatQuantity');
  view.rerender(card({ kind: 'product', productId: 7 }));
  expect(rowDraws).toHaveBeenCalledTimes(1);
  view.rerender(card(null));
  expect(rowDraws).toHaveBeenCalledTimes(2);
  expect(screen.getByRole('list').getAttribute('aria-busy')).toBeNull();
  rowDraws.mockRestore();
});
