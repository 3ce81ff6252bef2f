import { describe, expect, spyOn, test } from 'bun:test';
import { act, render, screen } from '@testing-library/react';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorScreen } from './error-screen.tsx';

function Broken(): never {
  throw new Error('products is undefined');
}

describe('ErrorScreen (requirements §2)', () => {
  test('says what happened and what to do', () => {
    render(<ErrorScreen error={new Error('boom')} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred. Please try refreshing the page.')).toBeTruthy();
  });

  test('keeps the error details folded away until asked for', () => {
    render(<ErrorScreen error={new Error('products is undefined')} />);
    const details = screen.getByText('Error details').closest('details');
    expect(details?.open).toBe(false);
    expect(details?.textContent).toContain('products is undefined');
  });

  test("'Refresh Page' reloads the page", () => {
    const reload = spyOn(window.location, 'reload').mockImplementation(() => undefined);
    render(<ErrorScreen error={new Error('boom')} />);
    act(() => screen.getByRole('button', { name: 'Refresh Page' }).click());
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('ErrorBoundary', () => {
  test('shows the error screen when a screen fails to render, and logs the error', () => {
    const logged = spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Error details').closest('details')?.textContent).toContain(
      'products is undefined',
    );
    expect(logged.mock.calls.some((call) => call[0] === 'Rendering error')).toBe(true);
  });

  test('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>Count Inventory</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Count Inventory')).toBeTruthy();
  });
});
