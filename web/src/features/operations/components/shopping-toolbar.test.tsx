import { expect, mock, test } from 'bun:test';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ShoppingToolbar } from './shopping-toolbar.tsx';

// As the screen does: Suggest Orders makes the toolbar busy until the answer comes.
function Screen({ onSuggest }: { onSuggest: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <ShoppingToolbar
      canSuggest
      canClear={false}
      typedCount={0}
      busy={busy}
      summary="0 items · $0.00"
      onSuggest={() => {
        onSuggest();
        setBusy(true);
      }}
      onClear={() => {}}
    />
  );
}

test('busy, Suggest Orders keeps the keyboard focus: marked aria-disabled, not disabled, and a press does nothing', async () => {
  const suggested = mock(() => {});
  // The toolbar's View Cart is a router link.
  const root = createRootRoute({ component: () => <Screen onSuggest={suggested} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
  const suggest = await screen.findByRole<HTMLButtonElement>('button', { name: 'Suggest Orders' });
  suggest.focus();
  act(() => suggest.click());
  expect(suggested).toHaveBeenCalledTimes(1);
  expect(suggest.disabled).toBe(false);
  expect(suggest.getAttribute('aria-disabled')).toBe('true');
  expect(document.activeElement).toBe(suggest);
  act(() => suggest.click());
  expect(suggested).toHaveBeenCalledTimes(1);
  // Nothing to clear: marked the same way, so the focus it had when the list emptied stays on it.
  const clear = screen.getByRole<HTMLButtonElement>('button', { name: 'Clear Shopping List' });
  expect([clear.disabled, clear.getAttribute('aria-disabled')]).toEqual([false, 'true']);
});
