import { describe, expect, test } from 'bun:test';
import { render, screen } from '@testing-library/react';
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
