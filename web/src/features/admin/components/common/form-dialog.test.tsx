import { describe, expect, mock, test } from 'bun:test';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { DialogForm, FormDialog, FormDialogFooter } from './form-dialog.tsx';
import { FormField } from './form-field.tsx';

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

// A form as the admin forms are: its own check marks the fields, each with its error under it.
function CheckedForm({ onSave = () => undefined }: { onSave?: () => void }) {
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ name?: string; code?: string }>({});
  const submit = () => {
    const found = {
      name: name ? undefined : 'Name is required',
      code: code ? undefined : 'Code is required',
    };
    setErrors(found);
    if (!found.name && !found.code) onSave();
  };
  return (
    <FormDialog open onOpenChange={() => undefined} formKey="new">
      {(close) => (
        <DialogForm title="New district" description="A district groups cafés." onSubmit={submit}>
          {(['code', 'name'] as const).map((key) => (
            <FormField key={key} label={key === 'name' ? 'Name' : 'Code'} error={errors[key]}>
              {(control) => (
                <input
                  {...control}
                  value={key === 'name' ? name : code}
                  onChange={(event) => (key === 'name' ? setName : setCode)(event.target.value)}
                />
              )}
            </FormField>
          ))}
          <FormDialogFooter onCancel={close} pending={false} submitLabel="Create district" />
        </DialogForm>
      )}
    </FormDialog>
  );
}

describe('a refused submit (WCAG 3.3.1)', () => {
  test('moves the focus to the first field marked invalid, which its error describes', () => {
    render(<CheckedForm />);
    const submit = screen.getByRole('button', { name: 'Create district' });
    submit.focus();
    act(() => submit.click());
    const code = screen.getByRole('textbox', { name: 'Code' });
    expect(document.activeElement).toBe(code);
    const describedBy = code.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Code is required');
  });

  test('leaves the focus alone when nothing is marked', () => {
    const onSave = mock(() => undefined);
    render(<CheckedForm onSave={onSave} />);
    for (const name of ['Code', 'Name']) {
      fireEvent.change(screen.getByRole('textbox', { name }), { target: { value: 'N1' } });
    }
    const submit = screen.getByRole('button', { name: 'Create district' });
    submit.focus();
    act(() => submit.click());
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(submit);
  });
});
