import { describe, expect, test } from 'bun:test';
import type { StoredCountItem } from '@engine/count-item-edit.ts';
import { render, screen } from '@testing-library/react';
import type { CountValue } from '@web/features/operations/model/count-item-view.ts';
import { fakeOutbox } from '@web-test/fake-outbox.ts';
import { CountedOfCategory, type CountFiguresSource, LiveConfirmAllButton } from './count-figures.tsx';

const NOT_COUNTED: StoredCountItem = {
  count: null,
  confirmed: false,
  editedAfterConfirm: false,
  typedAt: null,
};
const CONFIRMED: StoredCountItem = { count: 4, confirmed: true, editedAfterConfirm: false, typedAt: null };

describe('the category figures follow the outbox themselves (the screen does not render for a keystroke)', () => {
  test('an unsaved count moves "N of M counted" and Confirm all at once', () => {
    const { source, change } = fakeOutbox<CountValue>();
    // Product 1 is counted and confirmed on the server; 2 and 3 are not counted.
    const stored = new Map([[1, CONFIRMED]]);
    const figures: CountFiguresSource = {
      outbox: source,
      stored: { counted: 1, waitingConfirmation: 0 },
      inCategory: new Set([1, 2, 3]),
      storedOf: (productId) => stored.get(productId) ?? NOT_COUNTED,
    };
    render(
      <>
        <p data-testid="detail">
          <CountedOfCategory figures={figures} total={3} />
        </p>
        <LiveConfirmAllButton figures={figures} disabled={false} onConfirm={() => {}} />
      </>,
    );
    const confirmAll = () => screen.getByRole('button', { name: /^Confirm all in this category/ });
    expect(screen.getByTestId('detail').textContent).toBe('1 of 3 counted');
    expect(confirmAll()).toHaveProperty('disabled', true);

    change(new Map([[2, { count: 6, confirmed: false }]]));
    expect(screen.getByTestId('detail').textContent).toBe('2 of 3 counted');
    expect(confirmAll().textContent).toContain('(1)');
    expect(confirmAll()).toHaveProperty('disabled', false);

    // A product outside the category changes nothing; confirming the typed one leaves nothing to confirm.
    change(
      new Map([
        [2, { count: 6, confirmed: true }],
        [9, { count: 1, confirmed: false }],
      ]),
    );
    expect(screen.getByTestId('detail').textContent).toBe('2 of 3 counted');
    expect(confirmAll()).toHaveProperty('disabled', true);
  });
});
