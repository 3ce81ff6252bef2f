import { describe, expect, mock, test } from 'bun:test';
import { act, render, screen } from '@testing-library/react';
import { CompleteCountDialog } from './complete-count-dialog.tsx';
import { CountToolbar } from './count-toolbar.tsx';

const noop = () => {};

describe('the Count Inventory top bar', () => {
  test('reads Start Count, Submit Count, Clear Counts in that order on every screen: focus follows what is seen', () => {
    render(
      <CountToolbar
        status={{ kind: 'in_progress' }}
        busy={false}
        onStart={noop}
        onSubmit={noop}
        onClear={noop}
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Start Count',
      'Submit Count',
      'Clear Counts',
    ]);
    // No width-dependent reordering: a phone and a desktop show the order the keyboard takes.
    const reordering = (name: string) =>
      name.split(/\s+/).filter((token) => /^([a-z0-9-]+:)*order-/.test(token));
    expect(buttons.flatMap((button) => reordering(button.className))).toEqual([]);
  });
});

describe('busy, the actions keep the keyboard focus (WCAG 2.4.3)', () => {
  test('they are marked aria-disabled, not disabled, and a press does nothing', () => {
    const onSubmit = mock(() => {});
    render(
      <CountToolbar
        status={{ kind: 'in_progress' }}
        busy
        onStart={noop}
        onSubmit={onSubmit}
        onClear={noop}
      />,
    );
    for (const name of ['Start Count', 'Submit Count', 'Clear Counts']) {
      const button = screen.getByRole<HTMLButtonElement>('button', { name });
      expect(button.disabled).toBe(false);
      expect(button.getAttribute('aria-disabled')).toBe('true');
    }
    act(() => screen.getByRole('button', { name: 'Submit Count' }).click());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

test("the gaps dialog's list, which scrolls past 15 rem, can be reached and scrolled by keyboard", () => {
  const categories = Array.from({ length: 30 }, (_, index) => ({
    category: `Category ${index + 1}`,
    uncounted: 1,
    unconfirmed: 0,
  }));
  render(
    <CompleteCountDialog
      gaps={{ products: 60, uncounted: 30, unconfirmed: 0, categories }}
      onCancel={noop}
      onConfirm={noop}
    />,
  );
  const list = screen.getByRole('region', { name: 'Gaps by category' });
  expect(list.tabIndex).toBe(0);
  expect(list.className).toContain('overflow-y-auto');
  expect(list.querySelectorAll('[data-testid="count-gap"]')).toHaveLength(30);
});
