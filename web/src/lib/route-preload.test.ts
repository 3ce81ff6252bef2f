import { afterEach, describe, expect, test } from 'bun:test';
import { QueryClient } from '@tanstack/react-query';
import { signedInManager } from '@web-test/fixtures.ts';
import { type PagePreload, startPreload } from './route-preload.ts';
import { authUserQueryKey } from './shared-reads/auth-user.ts';
import { permissionsQueryKey } from './shared-reads/permissions-map.ts';
import { userRoleQueryKey } from './shared-reads/user-role.ts';
import { STORAGE_KEYS } from './storage/stored-keys.ts';

/** A preload that records the café it was given and asks for one read that answers at once. */
function recordingPreload() {
  const seen: (number | null)[] = [];
  let fetched = 0;
  const preload: PagePreload = ({ locationId }) => {
    seen.push(locationId);
    return [
      {
        queryKey: ['/api/made-up', { locationId }],
        queryFn: async () => {
          fetched += 1;
          return 'ok';
        },
      } as { queryKey: readonly unknown[] },
    ];
  };
  return { preload, seen, fetched: () => fetched };
}

function signedIn(client: QueryClient, overrides: Partial<typeof signedInManager> = {}) {
  client.setQueryData(authUserQueryKey, { ...signedInManager, ...overrides });
  client.setQueryData(userRoleQueryKey, { role: 'cafe_manager' });
  client.setQueryData(permissionsQueryKey, { cafe_manager: ['view_orders'] });
}

afterEach(() => localStorage.clear());

describe('startPreload', () => {
  test('reads nothing for a signed-out visitor', () => {
    const client = new QueryClient();
    const { preload, seen } = recordingPreload();
    startPreload(client, null, preload);
    expect(seen).toEqual([]);
  });

  test('reads nothing while the password must still change', () => {
    const client = new QueryClient();
    signedIn(client, { mustChangePassword: true });
    const { preload, seen } = recordingPreload();
    startPreload(client, null, preload);
    expect(seen).toEqual([]);
  });

  test("reads nothing for a page the role may not open, and before the role's permissions are known", () => {
    const client = new QueryClient();
    signedIn(client);
    const { preload, seen } = recordingPreload();
    startPreload(client, 'approve_orders', preload);
    client.removeQueries({ queryKey: permissionsQueryKey });
    startPreload(client, 'view_orders', preload);
    expect(seen).toEqual([]);
  });

  test("starts the page's reads with the café chosen in the header", async () => {
    const client = new QueryClient();
    signedIn(client);
    localStorage.setItem(STORAGE_KEYS.selectedLocationId, '7');
    const { preload, seen, fetched } = recordingPreload();
    startPreload(client, 'view_orders', preload);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([7]);
    expect(fetched()).toBe(1);
    expect(client.getQueryData(['/api/made-up', { locationId: 7 }])).toBe('ok');
  });

  test('a stored café that is not an id is treated as none', () => {
    const client = new QueryClient();
    signedIn(client);
    localStorage.setItem(STORAGE_KEYS.selectedLocationId, 'abc');
    const { preload, seen } = recordingPreload();
    startPreload(client, null, preload);
    expect(seen).toEqual([null]);
  });
});
