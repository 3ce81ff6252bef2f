import { describe, expect, mock, test } from 'bun:test';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { dairyProduct } from '@web-test/fixtures.ts';
import { CountRow } from './count-row.tsx';

const oatMilk = dairyProduct(7, 'Oat Milk', { unit: 'carton', unitCost: 2 });

function renderRow(view: { count: number | null; confirmed: boolean; editedAfterConfirm?: boolean }) {
  const onEdit = mock(() => {});
  const { container } = render(
    <CountRow
      product={oatMilk}
      view={{ editedAfterConfirm: false, unsaved: false, refused: null, ...view }}
      par={4}
      lastCounted=""
      focusIndex={0}
      disabled={false}
      onEdit={onEdit}
    />,
  );
  const box = screen.getByRole('checkbox', { name: 'Confirm count of Oat Milk' }) as HTMLInputElement;
  return { onEdit, box, container };
}

describe('a Count Inventory row (light enough to mount while scrolling, decision 043)', () => {
  test('the confirm box is a native checkbox: ticked when confirmed, ticking confirms the count', () => {
    const { onEdit, box } = renderRow({ count: 3, confirmed: false });
    expect(box.tagName).toBe('INPUT');
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(onEdit).toHaveBeenCalledWith(7, { count: 3, confirmed: true });
  });

  test('a confirmed count unticks; an edited one shows unticked; with no count the box is disabled', () => {
    const confirmed = renderRow({ count: 3, confirmed: true });
    expect(confirmed.box.checked).toBe(true);
    fireEvent.click(confirmed.box);
    expect(confirmed.onEdit).toHaveBeenCalledWith(7, { count: 3, confirmed: false });
    cleanup();

    expect(renderRow({ count: 3, confirmed: true, editedAfterConfirm: true }).box.checked).toBe(false);
    cleanup();
    expect(renderRow({ count: null, confirmed: false }).box.disabled).toBe(true);
  });

  test('the row is contained, and its stepper draws its icons without an icon component', () => {
    const { container } = renderRow({ count: 3, confirmed: false });
    expect(container.querySelector('[data-testid="product-row"]')?.className).toContain('[contain:content]');
    const increase = screen.getByRole('button', { name: 'Increase count of Oat Milk' });
    expect(increase.querySelector('svg')?.getAttribute('class')).not.toContain('lucide');
    expect(screen.getByRole('button', { name: 'Decrease count of Oat Milk' })).toBeTruthy();
  });

  test('the count field draws its focus ring at once, with no transition to repaint frame by frame', () => {
    renderRow({ count: 3, confirmed: false });
    const field = screen.getByRole('textbox', { name: 'Count of Oat Milk' });
    expect(field.className).toContain('focus-visible:ring-2');
    expect(field.className).not.toContain('transition');
  });
});
