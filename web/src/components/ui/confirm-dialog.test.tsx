import { describe, expect, mock, test } from 'bun:test';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

function renderDialog(props: Partial<React.ComponentProps<typeof ConfirmDialog>> = {}) {
  const onConfirm = mock(() => undefined);
  const onOpenChange = mock((_open: boolean) => undefined);
  render(
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="Clear all counts?"
      message="This will clear all inventory counts and confirmations but keep the current count session active. This action cannot be undone."
      onConfirm={onConfirm}
      {...props}
    />,
  );
  return { onConfirm, onOpenChange };
}

/** A screen that opens the dialog by code, as Submit Count does. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Submit Count
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Submit the count with gaps?"
        message="…"
        onConfirm={() => undefined}
      />
    </>
  );
}

describe('ConfirmDialog (requirements §2)', () => {
  test("an alert dialog named by its title, with 'OK' and 'Cancel' by default", () => {
    renderDialog();
    const dialog = screen.getByRole('alertdialog', { name: 'Clear all counts?' });
    expect(dialog.textContent).toContain('This action cannot be undone.');
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  test('confirming calls onConfirm and closes', () => {
    const { onConfirm, onOpenChange } = renderDialog();
    act(() => screen.getByRole('button', { name: 'OK' }).click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  test('cancelling closes without confirming', () => {
    const onCancel = mock(() => undefined);
    const { onConfirm, onOpenChange } = renderDialog({ onCancel });
    act(() => screen.getByRole('button', { name: 'Cancel' }).click());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  test('custom texts and the destructive look', () => {
    renderDialog({ confirmText: 'Clear Counts', cancelText: 'Keep Counts', variant: 'destructive' });
    const confirm = screen.getByRole('button', { name: 'Clear Counts' });
    expect(confirm.className).toContain('bg-destructive');
    expect(screen.getByRole('button', { name: 'Keep Counts' })).toBeTruthy();
  });

  test('focus starts on Cancel, so Enter never confirms by accident', () => {
    renderDialog();
    expect(document.activeElement?.textContent).toBe('Cancel');
  });

  test('opened by code, it gives focus back to the control that had it when it closes', async () => {
    render(<Opener />);
    const submit = screen.getByRole('button', { name: 'Submit Count' });
    submit.focus();
    act(() => submit.click());
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Cancel' }).click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(submit);
  });
});
