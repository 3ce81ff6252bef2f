import { describe, expect, test } from 'bun:test';
import type { SquareOverview } from '@engine/square-schemas.ts';
import { render, screen } from '@testing-library/react';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { SquareStatusCard } from './square-status-card.tsx';

const sync = (ok: boolean): SquareOverview['lastSync'] => ({
  finishedAt: '2026-12-07T14:00:00.000Z',
  ok,
  message: ok ? null : "Square refused Parstock's access token… Square said: UNAUTHORIZED",
  locations: ok ? 6 : 0,
  variations: ok ? 179 : 0,
  locationsMapped: 0,
  productsMapped: 0,
  syncedBy: 'Avery Admin',
});

function overview(lastSync: SquareOverview['lastSync']): SquareOverview {
  return {
    connection: { mode: 'connected', label: 'Square (production)' },
    lastSync,
    varianceThreshold: 2,
    locations: [],
    squareLocations: [],
    products: [],
    unmatchedVariations: [],
  };
}

describe('the Square connection badge', () => {
  test('says Connected while syncs work, and that the last one failed when it did', () => {
    const { wrapper } = createTestProviders();
    const { rerender } = render(<SquareStatusCard overview={overview(sync(true))} />, { wrapper });
    expect(screen.getByTestId('square-connection-mode').textContent).toBe('Connected');
    rerender(<SquareStatusCard overview={overview(sync(false))} />);
    expect(screen.getByTestId('square-connection-mode').textContent).toBe('Last sync failed');
  });
});
