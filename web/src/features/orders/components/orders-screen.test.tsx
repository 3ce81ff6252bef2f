import { describe, expect, spyOn, test } from 'bun:test';
import type { OrderListResponse, OrderSummary } from '@engine/order-schemas.ts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as deliveryProgressModule from '@web/lib/orders/delivery-progress.ts';
import { authUserQueryKey } from '@web/lib/shared-reads/auth-user.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { orderDetail, signedInManager } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { OrdersScreen } from './orders-screen.tsx';

function summary(id: number): OrderSummary {
  const {
    lines: _lines,
    events: _events,
    ...order
  } = orderDetail({
    id,
    number: `DT-02-20261121-${String(id).padStart(4, '0')}`,
    createdAt: `2026-11-${String(30 - id).padStart(2, '0')}T14:00:00.000Z`,
    total: 10,
  });
  return order;
}

/** Seven orders in three pages (3, 2, 2), each page counting all seven, as the server answers them. */
const PAGES: Record<string, OrderListResponse> = {
  first: { orders: [1, 2, 3].map(summary), nextCursor: 'after-3', hasMore: true },
  'after-3': { orders: [4, 5].map(summary), nextCursor: 'after-5', hasMore: true },
  'after-5': { orders: [6, 7].map(summary), nextCursor: null, hasMore: false },
} as unknown as Record<string, OrderListResponse>;
for (const page of Object.values(PAGES)) Object.assign(page, { count: 7, total: 70, unspentTotal: 0 });

function serve(answer: (url: URL) => Response | Promise<Response> | undefined = () => undefined) {
  return installFakeFetch((href) => {
    const url = new URL(href, 'http://localhost:3000');
    const special = answer(url);
    if (special) return special;
    if (url.pathname === '/api/orders') return json(PAGES[url.searchParams.get('cursor') ?? 'first']);
    return json({ code: 'not_found', message: `Not served: ${url.pathname}` }, { status: 404 });
  });
}

const listReads = (calls: { url: string }[]) =>
  calls
    .map((call) => new URL(call.url, 'http://localhost:3000'))
    .filter((url) => url.pathname === '/api/orders')
    .map((url) => url.search);

function renderScreen(client = createTestProviders()) {
  client.client.setQueryData(authUserQueryKey, signedInManager);
  render(<OrdersScreen locations={[]} openOrderId={null} onOpenOrder={() => undefined} />, {
    wrapper: client.wrapper,
  });
  return client;
}

const rows = () => screen.getAllByTestId('order-row');
const summaryLine = () => document.querySelector('p[aria-live="polite"]')?.textContent;
/** What has the keyboard's focus, by its text; "body" when the focus was dropped to the page. */
const focused = () =>
  document.activeElement === document.body ? 'body' : (document.activeElement?.textContent ?? 'nothing');
const loadOlder = () => screen.getByRole('button', { name: 'Load older orders' });

describe('Orders, page by page', () => {
  test('"Load older orders" draws only the older rows and keeps the keyboard where it was', async () => {
    let answerSecondPage = () => {};
    const secondPageAnswered = new Promise<void>((resolve) => {
      answerSecondPage = resolve;
    });
    const { calls } = serve((url) =>
      url.searchParams.get('cursor') === 'after-3'
        ? secondPageAnswered.then(() => json(PAGES['after-3']))
        : undefined,
    );
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(summaryLine()).toBe('7 orders · $70.00 in total · showing the newest 3 of 7');
    const drawn = spyOn(deliveryProgressModule, 'deliveryProgress');

    loadOlder().focus();
    act(() => loadOlder().click());
    // While the page is on its way the button is marked busy, not disabled, so the focus stays on it; pressed
    // again meanwhile, it asks for nothing more.
    const busy = () => screen.getByRole('button', { name: /Load older orders/ });
    await waitFor(() => expect(busy().getAttribute('aria-disabled')).toBe('true'));
    expect(focused()).toBe('Load older orders');
    act(() => busy().click());
    answerSecondPage();
    await waitFor(() => expect(rows()).toHaveLength(5));
    // Each older row drawn once; the three already there not again.
    expect(drawn).toHaveBeenCalledTimes(2);
    expect(summaryLine()).toBe('7 orders · $70.00 in total · showing the newest 5 of 7');
    // More remain: the button keeps the focus for the next press.
    await waitFor(() => expect(loadOlder().getAttribute('aria-disabled')).toBeNull());
    expect(focused()).toBe('Load older orders');

    act(() => loadOlder().click());
    await waitFor(() => expect(rows()).toHaveLength(7));
    expect(screen.queryByRole('button', { name: 'Load older orders' })).toBeNull();
    // The button went with the last page: the first order it brought takes the focus, not the page.
    await waitFor(() => expect(focused()).toBe('DT-02-20261121-0006'));
    expect(document.activeElement === within(rows()[5] as HTMLElement).getByRole('button')).toBe(true);
    expect(summaryLine()).toBe('7 orders · $70.00 in total');
    expect(rows().map((row) => within(row).getByRole('button').textContent?.slice(-1))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(listReads(calls)).toEqual(['', '?cursor=after-3', '?cursor=after-5']);
  });

  test('changed filters list from the newest again, and so do the filters chosen again', async () => {
    const { calls } = serve();
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(3));
    act(() => loadOlder().click());
    await waitFor(() => expect(rows()).toHaveLength(5));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(listReads(calls)).toHaveLength(3));
    // The new filters' first page: no cursor of the list before.
    expect(listReads(calls)[2]).toBe('?from=2026-11-01');
    await waitFor(() => expect(rows()).toHaveLength(3));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    // Back to every order: its newest page, not the two pages it had.
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(summaryLine()).toContain('showing the newest 3 of 7');
    act(() => loadOlder().click());
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(listReads(calls).at(-1)).toBe('?cursor=after-3');
  });

  test('an older page refused leaves the list, says so and starts again from the newest on request', async () => {
    let refuse = true;
    const { calls } = serve((url) =>
      refuse && url.searchParams.get('cursor') === 'after-3'
        ? json(
            { code: 'validation_failed', message: 'cursor is not valid; start again from the first page' },
            { status: 400 },
          )
        : undefined,
    );
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(3));
    act(() => loadOlder().click());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Older orders could not load. Start again from the newest',
    );
    expect(rows()).toHaveLength(3);

    refuse = false;
    act(() => screen.getByRole('button', { name: 'Start again from the newest' }).click());
    // The query client hands its change to React on a 0 ms timer: let it land, inside act.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(rows()).toHaveLength(3);
    // The first page read again, for a cursor that pages.
    await waitFor(() => expect(listReads(calls)).toEqual(['', '?cursor=after-3', '']));
    act(() => loadOlder().click());
    await waitFor(() => expect(rows()).toHaveLength(5));
  });
});
