import { describe, expect, test } from 'bun:test';
import { fireEvent, render, within } from '@testing-library/react';
import { LocationMenu } from './location-menu.tsx';
import { NO_LOCATION, type UserLocation } from './location-picker.tsx';

/** A district's cafés, named so that text order and reading order differ ("Café 15" sorts before "Café 5" as text). */
const cafes: UserLocation[] = [5, 15, 1, 12, 3, 9, 2, 11, 7, 10].map((n) => ({
  id: 100 + n,
  name: `Bank Tower Café ${n}`,
  code: `DT-${String(n).padStart(2, '0')}`,
  timezone: 'America/New_York',
}));

function renderMenu(list: readonly UserLocation[], chosen: string[], current?: UserLocation) {
  return render(
    <LocationMenu
      list={list}
      current={current}
      onValueChange={(value) => chosen.push(value)}
      triggerClassName=""
      defaultOpen
    />,
  );
}

const optionNames = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('LocationMenu', () => {
  test("a district's cafés are listed as their names read, and narrowed by code or name as one types", async () => {
    const chosen: string[] = [];
    const view = renderMenu(cafes, chosen);
    const search = await view.findByRole('combobox', { name: 'Search your cafés' });
    const listbox = view.getByRole('listbox', { name: 'Search your cafés' });
    expect(optionNames(listbox).slice(1, 4)).toEqual([
      'Bank Tower Café 1DT-01',
      'Bank Tower Café 2DT-02',
      'Bank Tower Café 3DT-03',
    ]);
    fireEvent.change(search, { target: { value: 'dt-1' } });
    expect(optionNames(listbox)).toEqual([
      'Bank Tower Café 10DT-10',
      'Bank Tower Café 11DT-11',
      'Bank Tower Café 12DT-12',
      'Bank Tower Café 15DT-15',
    ]);
    fireEvent.change(search, { target: { value: 'tower cafe 9' } });
    expect(optionNames(listbox)).toEqual(['Bank Tower Café 9DT-09']);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(chosen).toEqual(['109']);
  });

  test('arrow keys move through the matches and Enter chooses', async () => {
    const chosen: string[] = [];
    const view = renderMenu(cafes, chosen);
    const search = await view.findByRole('combobox', { name: 'Search your cafés' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    const active = view.getByRole('listbox').querySelector('[data-active]');
    expect(search.getAttribute('aria-activedescendant')).toBe(active?.id ?? 'none');
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(chosen).toEqual(['102']);
    expect(view.queryByRole('listbox')).toBeNull();
  });

  test('nothing matching says so, and Enter then chooses nothing', async () => {
    const chosen: string[] = [];
    const view = renderMenu(cafes, chosen);
    const search = await view.findByRole('combobox', { name: 'Search your cafés' });
    fireEvent.change(search, { target: { value: 'uptown' } });
    expect(view.getByRole('status').textContent).toBe('Nothing matches “uptown”.');
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(chosen).toEqual([]);
  });

  test('opens on the café chosen, as a select does', async () => {
    const current = cafes.find((cafe) => cafe.code === 'DT-11');
    const view = renderMenu(cafes, [], current);
    const search = await view.findByRole('combobox', { name: 'Search your cafés' });
    const active = view.getByRole('listbox').querySelector('[data-active]');
    expect(active?.textContent).toBe('Bank Tower Café 11DT-11');
    expect(search.getAttribute('aria-activedescendant')).toBe(active?.id ?? 'none');
  });

  test('Tab closes the list, choosing nothing, rather than leaving the focus stuck in its search box', async () => {
    const chosen: string[] = [];
    const view = renderMenu(cafes, chosen);
    const search = await view.findByRole('combobox', { name: 'Search your cafés' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'Tab' });
    expect(view.queryByRole('listbox')).toBeNull();
    expect(chosen).toEqual([]);
  });

  test('"No location selected" stays first and can be chosen', async () => {
    const chosen: string[] = [];
    const view = renderMenu(cafes, chosen);
    const listbox = await view.findByRole('listbox');
    fireEvent.click(within(listbox).getAllByRole('option')[0] as HTMLElement);
    expect(chosen).toEqual([NO_LOCATION]);
  });

  test('a few cafés keep the plain select, listed as their names read', async () => {
    const view = renderMenu(cafes.slice(0, 3), []);
    const options = await view.findAllByRole('option');
    expect(view.queryByRole('combobox', { name: 'Search your cafés' })).toBeNull();
    expect(options.map((option) => option.textContent)).toEqual([
      'No location selected',
      'Bank Tower Café 1DT-01',
      'Bank Tower Café 5DT-05',
      'Bank Tower Café 15DT-15',
    ]);
  });
});
