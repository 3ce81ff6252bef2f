import { describe, expect, test } from 'bun:test';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { CommentDialog } from './comment-dialog.tsx';

/** A screen that opens the dialog from a button, as Order Management's Receive does. */
function Opener({ commentRequired = false }: { commentRequired?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Receive
      </button>
      <CommentDialog
        open={open}
        onOpenChange={setOpen}
        title="Receive order DT-01-20261206-0001?"
        message="Record that the whole order arrived."
        confirmText="Receive order"
        commentRequired={commentRequired}
        onConfirm={() => undefined}
      />
    </>
  );
}

describe('CommentDialog’s first focus', () => {
  test('an optional comment is not focused, so a phone opens no keyboard: the dialog is', async () => {
    render(<Opener />);
    await act(async () => screen.getByRole('button', { name: 'Receive' }).click());
    const dialog = screen.getByRole('dialog', { name: 'Receive order DT-01-20261206-0001?' });
    expect(document.activeElement).toBe(dialog);
    expect(document.activeElement).not.toBe(screen.getByRole('textbox'));
  });

  test('a required comment, which must be written, is focused', async () => {
    render(<Opener commentRequired />);
    await act(async () => screen.getByRole('button', { name: 'Receive' }).click());
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
  });
});
