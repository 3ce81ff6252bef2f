import { afterEach, describe, expect, mock, test } from 'bun:test';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QuantityStepper } from './quantity-stepper.tsx';

afterEach(cleanup);

function stepper(value: number | null, onChange = mock(() => {})) {
  return <QuantityStepper label="Count of Oat Milk" value={value} focusIndex={0} onChange={onChange} />;
}

describe('a number that arrives while the field has the focus (another tab saved it, decision 109)', () => {
  test('is selected as the number was on focus, so the next key types over it instead of after it', () => {
    const { rerender } = render(stepper(5));
    const field = screen.getByRole('textbox', { name: 'Count of Oat Milk' }) as HTMLInputElement;
    field.focus();
    fireEvent.focus(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 1]);

    rerender(stepper(100));
    expect(field.value).toBe('100');
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 3]);
  });

  test('does not replace what the person has begun to type', () => {
    const onChange = mock(() => {});
    const { rerender } = render(stepper(5, onChange));
    const field = screen.getByRole('textbox', { name: 'Count of Oat Milk' }) as HTMLInputElement;
    field.focus();
    fireEvent.change(field, { target: { value: '10' } });
    rerender(stepper(100, onChange));
    expect(field.value).toBe('10');
  });

  test('in a field without the focus, is shown, and the field does not take the focus', () => {
    const { rerender } = render(stepper(5));
    const field = screen.getByRole('textbox', { name: 'Count of Oat Milk' }) as HTMLInputElement;
    rerender(stepper(100));
    expect(field.value).toBe('100');
    expect(document.activeElement).not.toBe(field);
  });
});
