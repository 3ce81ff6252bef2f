import { describe, expect, test } from 'bun:test';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createQueryClient } from '@web/lib/query-client.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { LocationPicker } from './location-picker.tsx';

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
    installFakeFetch(() => json([{ id: 7, name: 'Harbor Street Café', code: 'DT-01' }]));
    const { findAllByText } = renderPicker();
    expect((await findAllByText('No location selected')).length).toBeGreaterThan(0);
  });

  test('shows the stored location when it is one of the user’s', async () => {
    window.localStorage.setItem('selectedLocationId', '7');
    installFakeFetch(() => json([{ id: 7, name: 'Harbor Street Café', code: 'DT-01' }]));
    const { findAllByText } = renderPicker();
    expect((await findAllByText('Harbor Street Café')).length).toBeGreaterThan(0);
  });
});
