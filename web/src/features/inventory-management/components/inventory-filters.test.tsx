import { describe, expect, test } from 'bun:test';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { type InventoryFilters, NO_FILTERS } from '../model/inventory-view.ts';
import { InventoryFiltersBar } from './inventory-filters.tsx';

/** The bar as the screen holds it, with every filter the screen is given passed to `onApplied`. */
function Screen({ onApplied }: { onApplied: (filters: InventoryFilters) => void }) {
  const [filters, setFilters] = useState(NO_FILTERS);
  return (
    <InventoryFiltersBar
      filters={filters}
      categories={['Coffee']}
      collapsible={false}
      onChange={(next) => {
        onApplied(next);
        setFilters(next);
      }}
    />
  );
}

function renderBar() {
  const applied: InventoryFilters[] = [];
  render(<Screen onApplied={(filters) => applied.push(filters)} />);
  const field = screen.getByLabelText('Not counted for') as HTMLInputElement;
  const type = (value: string) => fireEvent.change(field, { target: { value } });
  const days = () => applied.at(-1)?.notCountedDays;
  return { field, type, days };
}

describe('Not counted for N days', () => {
  test('whole days typed as digits filter', () => {
    const { field, type, days } = renderBar();
    type('3');
    expect(days()).toBe(3);
    type('0');
    expect(days()).toBe(0);
    type('12000');
    expect(days()).toBe(3650);
    expect(field.value).toBe('3650');
    type('');
    expect(days()).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  test('anything else filters nothing and is marked, not read as the number it starts with', () => {
    const { field, type, days } = renderBar();
    for (const text of ['1e3', '1.5', '2.0', '-2', '1E2']) {
      type('5');
      expect(days()).toBe(5);
      type(text);
      expect({ text, days: days() }).toEqual({ text, days: null });
      expect(field.value).toBe(text);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText('Whole days only, such as 7: this filters nothing.')).toBeDefined();
    }
    type('4');
    expect(days()).toBe(4);
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  test('Clear filters empties a field marked invalid', () => {
    const { field, type, days } = renderBar();
    type('1e3');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(days()).toBeNull();
    expect(field.value).toBe('');
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });
});
