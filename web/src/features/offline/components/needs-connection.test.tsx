import { afterEach, describe, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { KEPT_OFFLINE_TEXT, NEEDS_CONNECTION_TITLE, NeedsConnection } from './needs-connection.tsx';

/** A screen with something typed into it: the state a network drop must not throw away. */
function Screen() {
  const [text, setText] = useState('');
  return <input aria-label="Typed" value={text} onChange={(event) => setText(event.target.value)} />;
}

function network(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  cleanup();
  network(true);
});

describe('a screen only the server can answer, when the network drops', () => {
  test('one already open stays, with what was typed, under a line saying it is offline', () => {
    network(true);
    render(
      <NeedsConnection screen="/orders">
        <Screen />
      </NeedsConnection>,
    );
    fireEvent.change(screen.getByLabelText('Typed'), { target: { value: '12 cases' } });
    network(false);
    expect(screen.getByLabelText<HTMLInputElement>('Typed').value).toBe('12 cases');
    expect(screen.getByRole('status').textContent).toContain(KEPT_OFFLINE_TEXT);
    network(true);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Typed').value).toBe('12 cases');
  });

  test('one opened offline, or reached after the drop, says it needs a connection', () => {
    network(false);
    const { rerender } = render(
      <NeedsConnection screen="/approvals">
        <Screen />
      </NeedsConnection>,
    );
    expect(screen.getByText(NEEDS_CONNECTION_TITLE)).toBeDefined();
    expect(screen.queryByLabelText('Typed')).toBeNull();

    network(true);
    expect(screen.getByLabelText('Typed')).toBeDefined();
    network(false);
    expect(screen.getByLabelText('Typed')).toBeDefined();
    // Another screen, reached while offline, was never loaded: it would only spin.
    rerender(
      <NeedsConnection screen="/admin">
        <Screen />
      </NeedsConnection>,
    );
    expect(screen.getByText(NEEDS_CONNECTION_TITLE)).toBeDefined();
  });
});
