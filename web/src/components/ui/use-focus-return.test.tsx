import { describe, expect, test } from 'bun:test';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog.tsx';

/** A page whose button opens a dialog by code (no Radix trigger), as the admin forms do. */
function Page({ fromMenu = false }: { fromMenu?: boolean }) {
  const [open, setOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(fromMenu);
  return (
    <>
      <button type="button" aria-haspopup="menu" aria-expanded={menuOpen}>
        More actions
      </button>
      {menuOpen ? (
        <div role="menu">
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              // The menu closes (its item is gone) as the dialog opens.
              setOpen(true);
              setTimeout(() => setMenuOpen(false), 0);
            }}
          >
            Reset password
          </button>
        </div>
      ) : null}
      <button type="button" onClick={() => setOpen(true)}>
        Invite user
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Dialog</DialogTitle>
          <DialogDescription>Opened by code.</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

async function closeWithEscape(): Promise<void> {
  await act(async () => {
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.queryByRole('dialog')).toBeNull();
}

describe('a dialog opened by code', () => {
  test('gives focus back to the button that opened it when it closes', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Invite user' });
    opener.focus();
    act(() => opener.click());
    expect(screen.getByRole('dialog')).toBeTruthy();
    await closeWithEscape();
    expect(document.activeElement).toBe(opener);
  });

  test('opened from a menu item, it gives focus to the button that opened the menu', async () => {
    render(<Page fromMenu />);
    const item = screen.getByRole('menuitem', { name: 'Reset password' });
    item.focus();
    act(() => item.click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.queryByRole('menu')).toBeNull();
    await closeWithEscape();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions' }));
  });
});
