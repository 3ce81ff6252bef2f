import { afterEach, describe, expect, test } from 'bun:test';
import type { RoleKey } from '@engine/permissions.ts';
import type { AdminUser } from '@engine/user-admin-schemas.ts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { authUserQueryKey } from '@web/lib/shared-reads/auth-user.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { adminLocation, adminUser } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { UsersSection } from './users-section.tsx';

const ROLE_NAMES: Record<RoleKey, string> = {
  staff: 'Staff',
  cafe_manager: 'Café manager',
  district_manager: 'District manager',
  admin: 'Administrator',
};

const HARBOR = adminLocation(1, 'Harbor Street Café', 'HS-01', 1);
const LAKEVIEW = adminLocation(2, 'Lakeview Commons', 'LV-02', 2);

const PEOPLE = [
  adminUser(1, 'dana', 'Whitfield', { role: 'admin', lastLoginAt: '2026-12-01T09:00:00.000Z' }),
  adminUser(2, 'Émile', 'Zola', {
    locationIds: [1],
    locationCodes: ['HS-01'],
    lastLoginAt: '2026-12-03T09:00:00.000Z',
  }),
  adminUser(3, 'Eve', 'Adams', { role: 'cafe_manager', locationIds: [2], locationCodes: ['LV-02'] }),
  adminUser(4, 'Dale', 'District', {
    role: 'district_manager',
    districtIds: [1],
    districtNames: ['District 1'],
    lastLoginAt: '2026-12-02T09:00:00.000Z',
  }),
  adminUser(5, 'Carl', 'Gone', { active: false, locationIds: [1], locationCodes: ['HS-01'] }),
  adminUser(6, 'Nina', 'New', { mustChangePassword: true }),
];

function renderUsers(people: readonly AdminUser[] = PEOPLE) {
  installFakeFetch((href) => {
    const path = new URL(href, 'http://localhost:3000').pathname;
    if (path === '/api/admin/users') return json(people);
    if (path === '/api/admin/locations') return json([HARBOR, LAKEVIEW]);
    if (path === '/api/admin/roles') {
      return json({
        roles: Object.entries(ROLE_NAMES).map(([key, name]) => ({
          key,
          name,
          description: '',
          permissions: [],
          editable: key !== 'admin',
        })),
        permissions: [],
      });
    }
    return json({ code: 'not_found', message: `Not served: ${path}` }, { status: 404 });
  });
  const { client, wrapper } = createTestProviders();
  client.setQueryData(authUserQueryKey, { id: 1 } as never);
  render(<UsersSection />, { wrapper });
}

/** The names in the table, top to bottom. */
const names = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td span span')?.textContent);

async function choose(label: string, option: string) {
  act(() => {
    const trigger = screen.getByRole('combobox', { name: label });
    // Radix's select opens on a pointer press, which happy-dom's click does not send.
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
  });
  act(() => screen.getByRole('option', { name: option }).click());
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

let afterThisTest = () => {};
afterEach(() => {
  afterThisTest();
  afterThisTest = () => {};
});

describe('UsersSection', () => {
  test('names in the order people read them, whatever their case or accents; then by role or last sign-in', async () => {
    renderUsers();
    await waitFor(() => expect(names()).toHaveLength(6));
    expect(names()).toEqual([
      'Carl Gone',
      'Dale District',
      'dana Whitfield',
      'Émile Zola',
      'Eve Adams',
      'Nina New',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Name · email' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );

    await choose('Sort by', 'Role');
    await waitFor(() => expect(names()[0]).toBe('dana Whitfield'));
    expect(names()).toEqual([
      'dana Whitfield',
      'Dale District',
      'Eve Adams',
      'Carl Gone',
      'Émile Zola',
      'Nina New',
    ]);

    await choose('Sort by', 'Last sign-in, latest first');
    await waitFor(() => expect(names()[0]).toBe('Émile Zola'));
    expect(names()).toEqual([
      'Émile Zola',
      'Dale District',
      'dana Whitfield',
      'Carl Gone',
      'Eve Adams',
      'Nina New',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Last sign-in' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  test('filters by role, by status and by café (placed there or by its district), with the search', async () => {
    renderUsers();
    await waitFor(() => expect(names()).toHaveLength(6));

    await choose('Status', 'Deactivated');
    await waitFor(() => expect(names()).toEqual(['Carl Gone']));
    await choose('Status', 'On a one-time password');
    await waitFor(() => expect(names()).toEqual(['Nina New']));
    await choose('Status', 'Active');
    await waitFor(() => expect(names()).toHaveLength(5));
    expect(screen.getByText('5 of 6 users')).toBeTruthy();

    act(() => screen.getByRole('combobox', { name: 'Café' }).click());
    const search = await screen.findByRole('combobox', { name: 'Search cafés' });
    fireEvent.change(search, { target: { value: 'hs-01' } });
    act(() => screen.getByRole('option', { name: /Harbor Street Café/ }).click());
    // Émile works there; Dale manages its district; Carl does too but is deactivated; the administrator is everywhere.
    await waitFor(() => expect(names()).toEqual(['Dale District', 'Émile Zola']));

    await choose('Role', 'Staff');
    await waitFor(() => expect(names()).toEqual(['Émile Zola']));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), {
      target: { value: 'nobody' },
    });
    expect(await screen.findByText('No user matches “nobody” with these filters.')).toBeTruthy();
  });

  test('of 1,500 people only the rows near the screen are drawn, and the table says how many there are', async () => {
    const many = Array.from({ length: 1500 }, (_, index) => adminUser(index + 10, `Person${index}`, 'Staff'));
    // happy-dom lays nothing out: every row would measure 0 px high, and all 1,500 would fit the window.
    const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.tagName === 'TR' ? 64 : 0;
      },
    });
    afterThisTest = () => {
      if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
    };
    renderUsers(many);
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(table.getAttribute('aria-rowcount')).toBe('1501');
    expect(within(table).getAllByRole('row').length).toBeLessThan(60);
    // Sorted by value, not by letter: Person2 before Person10.
    expect(names().slice(0, 3)).toEqual(['Person0 Staff', 'Person1 Staff', 'Person2 Staff']);
  });
});
