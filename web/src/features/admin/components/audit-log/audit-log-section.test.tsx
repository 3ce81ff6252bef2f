import { describe, expect, spyOn, test } from 'bun:test';
import type { AuditLogEntry, AuditLogPage } from '@engine/admin-audit-log-schemas.ts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DRAWN_MATCHES } from '@web/components/ui/search-select.tsx';
import * as auditDiffModule from '@web/features/admin/audit-diff.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { adminUser } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { AuditLogSection } from './audit-log-section.tsx';

function entry(id: number, change: Partial<AuditLogEntry> = {}): AuditLogEntry {
  return {
    id,
    createdAt: `2026-12-0${1 + (id % 8)}T10:00:00.000Z`,
    actor: { id: 1, name: 'Dana Whitfield' },
    action: 'product.update',
    entity: 'product',
    entityId: String(id),
    entityName: `Product ${id}`,
    location: null,
    before: { unitCost: id },
    after: { unitCost: id + 1 },
    productNames: {},
    ...change,
  };
}

/** A chain the size the tester built: 1,500 people, one of them with an accent typed the other way in a search. */
const PEOPLE = [
  ...Array.from({ length: 1498 }, (_, index) => adminUser(index + 10, `Person${index}`, 'Staff')),
  adminUser(2, 'Zoë', 'Ashworth'),
  adminUser(3, 'Zoltan', 'Baker'),
];

function serve(pages: (url: URL) => AuditLogPage) {
  return installFakeFetch((href) => {
    const url = new URL(href, 'http://localhost:3000');
    if (url.pathname === '/api/admin/audit-log') return json(pages(url));
    if (url.pathname === '/api/admin/audit-log/entities') return json(['cart', 'product']);
    if (url.pathname === '/api/admin/users') return json(PEOPLE);
    if (url.pathname === '/api/admin/locations') return json([]);
    return json({ code: 'not_found', message: `Not served: ${url.pathname}` }, { status: 404 });
  });
}

const paths = (calls: { url: string }[]) =>
  calls.map((call) => new URL(call.url, 'http://localhost:3000').pathname);

describe('AuditLogSection', () => {
  test("names a list's products from the entry itself, reading neither the catalogue nor everyone's names", async () => {
    const { calls } = serve(() => ({
      entries: [
        entry(1, {
          action: 'cart.items',
          entity: 'cart',
          before: { quantities: { '63': 2 } },
          after: { quantities: { '63': 5 } },
          productNames: { '63': 'Oat Milk' },
        }),
      ],
      nextCursor: null,
    }));
    render(<AuditLogSection />, { wrapper: createTestProviders().wrapper });
    expect(await screen.findByRole('rowheader', { name: 'Quantities › Oat Milk' })).toBeTruthy();
    expect(paths(calls)).not.toContain('/api/admin/products');
    expect(paths(calls)).not.toContain('/api/admin/users');
  });

  test('"Changed by" draws the first matches of 1,500 people, narrows as a name is typed, and filters by the one chosen', async () => {
    const { calls } = serve(() => ({ entries: [entry(1)], nextCursor: null }));
    render(<AuditLogSection />, { wrapper: createTestProviders().wrapper });
    await screen.findByRole('list', { name: 'Changes, newest first' });

    const trigger = screen.getByRole('combobox', { name: 'Changed by' });
    expect(trigger.textContent).toBe('Anyone');
    act(() => trigger.click());
    const list = await screen.findByRole('listbox', { name: 'Search people' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(DRAWN_MATCHES + 1));
    expect(within(list).getAllByRole('option')[0]?.textContent).toBe('Anyone');
    expect(screen.getByRole('status').textContent).toBe('Showing 50 of 1,500 people: type to narrow.');

    const search = screen.getByRole('combobox', { name: 'Search people' });
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'zo' } });
    // Sorted as read, and "zo" finds Zoë without its accent.
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Zoë Ashworthzoë.ashworth@parstock.test', 'Zoltan Bakerzoltan.baker@parstock.test']);
    fireEvent.change(search, { target: { value: 'zo ashw' } });
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    fireEvent.keyDown(search, { key: 'Enter' });

    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(trigger.textContent).toBe('Zoë Ashworth');
    await waitFor(() =>
      expect(
        calls.some((call) => new URL(call.url, 'http://localhost:3000').searchParams.get('actorId') === '2'),
      ).toBe(true),
    );
    // Clearing the filters sends the person filter away again.
    act(() => screen.getByRole('button', { name: 'Clear filters' }).click());
    expect(trigger.textContent).toBe('Anyone');
  });

  test('loading older changes draws only the new entries', async () => {
    serve((url) =>
      url.searchParams.get('cursor')
        ? { entries: [entry(4), entry(5)], nextCursor: null }
        : { entries: [entry(1), entry(2), entry(3)], nextCursor: 'older' },
    );
    render(<AuditLogSection />, { wrapper: createTestProviders().wrapper });
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const diffs = spyOn(auditDiffModule, 'auditDiff');

    act(() => screen.getByRole('button', { name: 'Load older changes' }).click());
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load older changes' })).toBeNull());
    expect(diffs).toHaveBeenCalledTimes(2);
  });
});
