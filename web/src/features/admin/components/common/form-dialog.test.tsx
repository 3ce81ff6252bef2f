import { describe, expect, mock, test } from 'bun:test';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { DialogForm, FormDialog, FormDialogFooter } from './form-dialog.tsx';

function NameForm({ onDone, onSubmit = () => undefined }: { onDone: () => void; onSubmit?: () => void }) {
  const [name, setName] = useState('');
  return (
    <DialogForm title="New district" description="A district groups cafés." onSubmit={onSubmit}>
      <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      <FormDialogFooter onCancel={onDone} pending={false} submitLabel="Create district" />
    </DialogForm>
  );
}

function renderDialog(props: { open: boolean; formKey: string; onSubmit?: () => void }) {
  const onOpenChange = mock((_open: boolean) => undefined);
  const view = (next: typeof props) => (
    <FormDialog open={next.open} onOpenChange={onOpenChange} formKey={next.formKey}>
      {(close) => <NameForm onDone={close} onSubmit={next.onSubmit} />}
    </FormDialog>
  );
  const { rerender } = render(view(props));
  return { onOpenChange, rerender: (next: typeof props) => rerender(view(next)) };
}

describe('FormDialog', () => {
  test('shows the form, named by its title, only while open', () => {
    const { rerender } = renderDialog({ open: false, formKey: 'new' });
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender({ open: true, formKey: 'new' });
    expect(screen.getByRole('dialog', { name: 'New district' }).textContent).toContain(
      'A district groups cafés.',
    );
  });

  test('Cancel closes the dialog', () => {
    const { onOpenChange } = renderDialog({ open: true, formKey: 'new' });
    act(() => screen.getByRole('button', { name: 'Cancel' }).click());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  test('a draft does not carry over to another record', () => {
    const { rerender } = renderDialog({ open: true, formKey: '1' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'North' } });
    rerender({ open: true, formKey: '1' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('North');
    rerender({ open: true, formKey: '2' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('');
  });
});

test('DialogForm hands the submit to the form and keeps the page where it is', () => {
  const onSubmit = mock(() => undefined);
  renderDialog({ open: true, formKey: 'new', onSubmit });
  const form = screen.getByRole('button', { name: 'Create district' }).closest('form');
  if (!form) throw new Error('no form');
  expect(form.noValidate).toBe(true);
  const notPrevented = fireEvent.submit(form);
  expect(notPrevented).toBe(false);
  expect(onSubmit).toHaveBeenCalledTimes(1);
});
