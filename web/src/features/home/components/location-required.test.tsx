import { afterEach, describe, expect, test } from 'bun:test';
import { fireEvent, render, screen } from '@testing-library/react';
import { userLocationsQueryKey } from '@web/lib/shared-reads/user-locations.ts';
import { STORAGE_KEYS } from '@web/lib/storage/stored-keys.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { LocationRequired, NO_CAFE_MESSAGE } from './location-required.tsx';

afterEach(() => localStorage.clear());

describe('LocationRequired', () => {
  test("says what is needed, then offers the person's cafés: one tap chooses one", () => {
    const { client, wrapper } = createTestProviders();
    client.setQueryData(userLocationsQueryKey, [
      { id: 2, name: 'Market Hall Coffee Bar', code: 'DT-02', timezone: 'America/New_York' },
      { id: 3, name: 'Harbor Street Café', code: 'DT-01', timezone: 'America/New_York' },
    ]);
    render(<LocationRequired message="Location Required: Please select a location from the dropdown." />, {
      wrapper,
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Location Required: Please select a location from the dropdown.',
    );
    fireEvent.click(screen.getByRole('button', { name: /Harbor Street Café/ }));
    expect(localStorage.getItem(STORAGE_KEYS.selectedLocationId)).toBe('3');
  });

  test('someone with no café is told so, not sent to a dropdown that has nothing in it', () => {
    const { client, wrapper } = createTestProviders();
    client.setQueryData(userLocationsQueryKey, []);
    render(<LocationRequired message="Location Required: Please select a location from the dropdown." />, {
      wrapper,
    });
    expect(screen.getByRole('alert').textContent).toBe(NO_CAFE_MESSAGE);
    expect(screen.queryByRole('list', { name: 'Your cafés' })).toBeNull();
  });
});
