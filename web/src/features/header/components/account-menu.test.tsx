import { afterEach, describe, expect, test } from 'bun:test';
import { MutationObserver, onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { WAITING_WRITE } from '@web/lib/offline/waiting-writes.ts';
import { createQueryClient } from '@web/lib/query-client.ts';
import { signedInManager } from '@web-test/fixtures.ts';
import { AccountMenu } from './account-menu.tsx';

describe('AccountMenu', () => {
  afterEach(() => onlineManager.setOnline(true));

  test('signing out while an order change waits on the device asks first, and Stay signed in keeps the session', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const root = createRootRoute({
      component: () => <AccountMenu user={signedInManager} name="Maya Lopez" defaultOpen />,
    });
    const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await act(async () => {
      void new MutationObserver(client, {
        mutationKey: [WAITING_WRITE, 'receive-delivery'],
        mutationFn: async () => 'sent',
      }).mutate();
    });

    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    const asked = await screen.findByRole('alertdialog', { name: 'Sign out while an order change waits?' });
    expect(asked.textContent).toContain(
      '1 order change waits on this device for the network. Signed out, it is sent only when you next sign in on this device.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  test('signing out while numbers typed on the device wait asks first too', async () => {
    localStorage.setItem(
      `parstock:outbox:v1:${signedInManager.id}:2:count_inventory:41`,
      JSON.stringify({
        nextRev: 3,
        entries: [
          { itemId: 12, value: { count: 3, confirmed: false }, typedAt: '2026-12-07T10:00:00.000Z', rev: 1 },
          { itemId: 13, value: { count: 1, confirmed: true }, typedAt: '2026-12-07T10:00:01.000Z', rev: 2 },
        ],
        refusals: [],
      }),
    );
    // Another person's waiting edits are theirs to be told of.
    localStorage.setItem(
      'parstock:outbox:v1:999:2:count_inventory:41',
      JSON.stringify({
        nextRev: 2,
        entries: [{ itemId: 12, value: 1, typedAt: '2026-12-07T10:00:00.000Z', rev: 1 }],
      }),
    );
    const root = createRootRoute({
      component: () => <AccountMenu user={signedInManager} name="Maya Lopez" defaultOpen />,
    });
    const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    const asked = await screen.findByRole('alertdialog', { name: 'Sign out while typed changes wait?' });
    expect(asked.textContent).toContain(
      '2 typed changes wait on this device for the network. Signed out, they are sent only when you next sign in on this device.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    localStorage.clear();
  });
});
