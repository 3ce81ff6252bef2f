import { expect, test } from 'bun:test';
import type { CartLine } from '@engine/cart-schemas.ts';
import { render, screen } from '@testing-library/react';
import { CartCategorySection } from './cart-category-section.tsx';

const LINE: CartLine = {
  productId: 1,
  productName: 'House Espresso Beans',
  category: 'Espresso & Coffee',
  subcategory: null,
  unit: '5 lb bag',
  unitCost: 4500,
  quantity: 2,
  suggestedQuantity: null,
  neededQuantity: null,
  lineTotal: 9000,
  orderable: true,
};

test('a category is named "Espresso & Coffee, 1 item", the count not run into the name as one word', () => {
  const noop = () => {};
  render(
    <CartCategorySection
      group={{ category: 'Espresso & Coffee', lines: [LINE], subtotal: 9000 }}
      drafts={{}}
      readOnly
      actions={{ begin: noop, change: noop, commit: noop, remove: noop }}
    />,
  );
  // The heading names the region; its inline parts are read as their text runs, without spaces between them.
  const heading = screen.getByRole('heading', { level: 2 });
  expect(screen.getByRole('region').getAttribute('aria-labelledby')).toBe(heading.id);
  expect(heading.textContent).toBe('Espresso & Coffee, 1 item');
});
