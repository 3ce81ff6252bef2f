import { describe, expect, test } from 'bun:test';
import type { AdminDistrict, AdminLocation } from '@engine/admin-location-schemas.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { adminLocation } from '@web-test/fixtures.ts';
import { useState } from 'react';
import { PlacesPicker } from './places-picker.tsx';
import { tickedSummary } from './places-summary.ts';

/** The tester's chain: 200 cafés in 20 districts. */
const DISTRICTS: AdminDistrict[] = Array.from({ length: 20 }, (_, index) => ({
  id: index + 1,
  name: `District ${String.fromCharCode(65 + index)}`,
  locationCount: 10,
}));

const CAFES: AdminLocation[] = [
  adminLocation(1, 'Harbor Street Café', 'HS-01', 3),
  adminLocation(2, 'Lakeview Commons', 'LV-02', 3),
  ...Array.from({ length: 198 }, (_, index) =>
    adminLocation(index + 3, `Corner ${index + 3}`, `CC-${index + 3}`, (index % 20) + 1),
  ),
];

function Picker({ initial, locations = CAFES }: { initial: number[]; locations?: AdminLocation[] }) {
  const [ids, setIds] = useState(initial);
  return (
    <PlacesPicker
      locations={locations}
      districts={DISTRICTS}
      locationIds={ids}
      districtIds={[]}
      showDistricts={false}
      onLocationsChange={setIds}
      onDistrictsChange={() => undefined}
    />
  );
}

describe('PlacesPicker', () => {
  test('says what is ticked, by name as people read them, however many', () => {
    const noun = { one: 'café', many: 'cafés' };
    expect(tickedSummary([], noun)).toBe('No café ticked');
    expect(tickedSummary(['Lakeview Commons'], noun)).toBe('1 café: Lakeview Commons');
    expect(tickedSummary(['Lakeview Commons', 'harbor Street Café', 'Corner 10', 'Corner 9'], noun)).toBe(
      '4 cafés: Corner 9, Corner 10, harbor Street Café and 1 more',
    );
  });

  test('in a chain of 200 the districts fold, those with a ticked café open; each says how many of it are ticked', () => {
    render(<Picker initial={[1]} />);
    const group = screen.getByRole('group', { name: 'Locations' });
    expect(within(group).getByText('1 café: Harbor Street Café')).toBeTruthy();
    // Only the ticked café's district draws its checkboxes.
    expect(within(group).getAllByRole('checkbox')).toHaveLength(12);
    const open = screen.getByRole('button', { name: /District C/ });
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(open.textContent).toContain('1 of 12 ticked');

    const folded = screen.getByRole('button', { name: /District A/ });
    expect(folded.getAttribute('aria-expanded')).toBe('false');
    act(() => folded.click());
    expect(folded.getAttribute('aria-expanded')).toBe('true');
    act(() => screen.getByRole('checkbox', { name: /Corner 3\b/ }).click());
    expect(within(group).getByText('2 cafés: Corner 3, Harbor Street Café')).toBeTruthy();
    expect(folded.textContent).toContain('1 of 10 ticked');
  });

  test('a search by name or code finds a café in any district, folded or not, and ticks it', () => {
    render(<Picker initial={[]} />);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    const search = screen.getByRole('searchbox', { name: 'Search cafés' });

    fireEvent.change(search, { target: { value: 'lv-02' } });
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    act(() => screen.getByRole('checkbox', { name: /Lakeview Commons/ }).click());
    expect(screen.getByText('1 café: Lakeview Commons')).toBeTruthy();

    fireEvent.change(search, { target: { value: 'harbor cafe' } });
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: /Harbor Street Café/ })).toBeTruthy();

    fireEvent.change(search, { target: { value: 'nowhere' } });
    expect(screen.getByText('No café matches “nowhere”.')).toBeTruthy();
  });

  test('a small chain (7 cafés) shows every one at once', () => {
    render(<Picker initial={[]} locations={CAFES.slice(0, 7)} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(7);
  });
});
