import { describe, expect, test } from 'bun:test';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createQueryClient } from '@web/lib/query-client.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { LocationPicker } from './location-picker.tsx';

const HARBOR = { id: 7, name: 'Harbor Street Café', code: 'DT-01' };
const MARKET_HALL = { id: 8, name: 'Market Hall Coffee Bar', code: 'DT-02' };

function renderPicker() {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <LocationPicker />
    </QueryClientProvider>,
  );
}

describe('LocationPicker', () => {
  test("says 'Loading locations...' until the list arrives", async () => {
    installFakeFetch(() => new Promise<Response>(() => {}));
    const { findByRole } = renderPicker();
    const picker = await findByRole('combobox', { name: 'Select Location' });
    expect(picker.textContent).toContain('Loading locations...');
  });

  test("says 'No locations assigned.' for someone without any", async () => {
    installFakeFetch(() => json([]));
    const { findByText, getByRole } = renderPicker();
    await findByText('No locations assigned.');
    expect(getByRole('combobox', { name: 'Select Location' }).hasAttribute('disabled')).toBe(true);
  });

  test("shows 'No location selected' when the stored one is not the user's", async () => {
    window.localStorage.setItem('selectedLocationId', '42');
    installFakeFetch(() => json([HARBOR, MARKET_HALL]));
    const { findAllByText } = renderPicker();
    expect((await findAllByText('No location selected')).length).toBeGreaterThan(0);
    expect(window.localStorage.getItem('selectedLocationId')).toBe('42');
  });

  test('chooses the only café of someone who has one, and says so to the screens', async () => {
    window.localStorage.removeItem('selectedLocationId');
    const changes: (string | null)[] = [];
    const follow = (event: Event) => changes.push((event as CustomEvent<string | null>).detail);
    window.addEventListener('locationChanged', follow);
    installFakeFetch(() => json([HARBOR]));
    const { findAllByText } = renderPicker();
    expect((await findAllByText('Harbor Street Café')).length).toBeGreaterThan(0);
    window.removeEventListener('locationChanged', follow);
    expect(window.localStorage.getItem('selectedLocationId')).toBe('7');
    expect(window.localStorage.getItem('selectedLocationCode')).toBe('DT-01');
    expect(changes).toEqual(['7']);
  });

  test('replaces a stored café that is not theirs with their only one', async () => {
    window.localStorage.setItem('selectedLocationId', '42');
    installFakeFetch(() => json([HARBOR]));
    const { findAllByText } = renderPicker();
    expect((await findAllByText('Harbor Street Café')).length).toBeGreaterThan(0);
    expect(window.localStorage.getItem('selectedLocationId')).toBe('7');
  });

  test('chooses nothing for someone with several cafés', async () => {
    window.localStorage.removeItem('selectedLocationId');
    installFakeFetch(() => json([HARBOR, MARKET_HALL]));
    const { findAllByText } = renderPicker();
    expect((await findAllByText('No location selected')).length).toBeGreaterThan(0);
    expect(window.localStorage.getItem('selectedLocationId')).toBeNull();
  });

  test('shows the stored location when it is one of the user’s', async () => {
    window.localStorage.setItem('selectedLocationId', '7');
    installFakeFetch(() => json([HARBOR]));
    const { findAllByText } = renderPicker();
    expect((await findAllByText('Harbor Street Café')).length).toBeGreaterThan(0);
  });
});
