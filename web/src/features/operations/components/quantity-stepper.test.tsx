import { afterEach, describe, expect, mock, test } from 'bun:test';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
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

/** A field whose stored value follows what it sends, as the autosave's screens do. */
function Stored({ start, sent }: { start: number | null; sent: (number | null)[] }) {
  const [value, setValue] = useState(start);
  return (
    <QuantityStepper
      label="Count of Oat Milk"
      value={value}
      focusIndex={0}
      onChange={(next) => {
        sent.push(next);
        setValue(next);
      }}
    />
  );
}

describe('a number typed past what can be stored', () => {
  const typeKeys = (field: HTMLElement, text: string) => {
    for (let end = 1; end <= text.length; end++)
      fireEvent.change(field, { target: { value: text.slice(0, end) } });
  };

  test('sends back the number from before the typing, and keeps the text with its reason', () => {
    const sent: (number | null)[] = [];
    render(<Stored start={7} sent={sent} />);
    const field = screen.getByRole('textbox', { name: 'Count of Oat Milk' }) as HTMLInputElement;
    typeKeys(field, '150000');
    // 1, 15, 150, 1500 and 15000 went out as they were typed; the sixth digit is past the limit.
    expect(sent).toEqual([1, 15, 150, 1500, 15000, 7]);
    expect(field.value).toBe('150000');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: '15000' } });
    expect(sent.at(-1)).toBe(15000);
  });

  test('a number with too many decimals leaves the count as it was before', () => {
    const sent: (number | null)[] = [];
    render(<Stored start={null} sent={sent} />);
    const field = screen.getByRole('textbox', { name: 'Count of Oat Milk' });
    typeKeys(field, '1.333');
    expect(sent).toEqual([1, null]);
  });
});

describe('the reason for a number that cannot be stored', () => {
  test('is brought into view as it appears, so a fixed bar at the bottom of a phone does not hide it', () => {
    const scrolled: unknown[] = [];
    const original = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement, options?: unknown) {
      scrolled.push([this.textContent, options]);
    };
    try {
      render(<Stored start={null} sent={[]} />);
      const field = screen.getByRole('textbox', { name: 'Count of Oat Milk' });
      field.focus();
      fireEvent.change(field, { target: { value: '1.5' } });
      expect(scrolled).toEqual([]);
      fireEvent.change(field, { target: { value: '1.55' } });
      expect(scrolled).toEqual([
        [
          field.getAttribute('aria-describedby') && screen.getByText(/^The number/).textContent,
          { block: 'nearest' },
        ],
      ]);
    } finally {
      HTMLElement.prototype.scrollIntoView = original;
    }
  });
});

describe('a value that cannot be stored is told to screen readers (WCAG 4.1.3)', () => {
  test('its reason is an alert as it appears, and a new one when Enter is pressed on it, which does nothing else', () => {
    const onEnter = mock(() => {});
    render(
      <QuantityStepper
        label="Count of Oat Milk"
        value={5}
        focusIndex={0}
        onChange={() => {}}
        onEnter={onEnter}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Count of Oat Milk' });
    field.focus();
    fireEvent.change(field, { target: { value: 'abc' } });
    const first = screen.getByRole('alert');
    expect(field.getAttribute('aria-describedby')).toBe(first.id);
    // Another key with the same reason changes nothing a screen reader hears.
    fireEvent.change(field, { target: { value: 'abcd' } });
    expect(screen.getByRole('alert')).toBe(first);
    fireEvent.keyDown(field, { key: 'Enter' });
    const again = screen.getByRole('alert');
    expect(again).not.toBe(first);
    expect(again.textContent).toBe(first.textContent);
    expect(onEnter).not.toHaveBeenCalled();
  });
});
