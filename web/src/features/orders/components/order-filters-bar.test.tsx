import { describe, expect, test } from 'bun:test';
import { fireEvent, render, screen } from '@testing-library/react';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { activeFilterCount, OrderFiltersBar } from './order-filters-bar.tsx';

describe('the Orders filters', () => {
  test('count the filters that narrow the list', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ status: null, locationId: null, limit: 200 })).toBe(0);
    expect(activeFilterCount({ status: 'placed', from: '2026-12-01', notAsOrdered: true })).toBe(3);
  });

  test('on a phone they fold behind one button that says how many are on', () => {
    const { wrapper } = createTestProviders();
    render(
      <OrderFiltersBar
        filters={{ status: 'placed' }}
        onChange={() => undefined}
        locations={[]}
        exportHref="/api/orders/export.csv"
        dateError={null}
      />,
      { wrapper },
    );
    const toggle = screen.getByRole('button', { name: /Filters and export/ });
    expect(toggle.textContent).toContain('1 on');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const fields = document.getElementById(String(toggle.getAttribute('aria-controls')));
    expect(fields?.className).toContain('hidden');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(fields?.className).not.toMatch(/(^| )hidden( |$)/);
  });
});
