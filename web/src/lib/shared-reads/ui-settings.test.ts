import { describe, expect, jest, spyOn, test } from 'bun:test';
import { DEFAULT_UI_STYLES } from '@engine/ui-settings.ts';
import { renderHook } from '@testing-library/react';
import { installFakeFetch, json, neverAnswered } from '@web-test/fake-fetch.ts';
import { signedInManager } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { advanceTime } from '@web-test/timers.ts';
import { fetchUiSettings, uiSettingsQueryOptions, useApplyUiStyles, useUiStyles } from './ui-settings.ts';

function serve(uiSettings: () => Response) {
  return installFakeFetch((url) => (url === '/api/admin/ui-settings' ? uiSettings() : json(signedInManager)));
}

describe('UI settings (requirements §7, §9)', () => {
  test('cached for 60 seconds and never retried', () => {
    const options = uiSettingsQueryOptions();
    expect([...options.queryKey]).toEqual(['/api/admin/ui-settings', {}]);
    expect(options.staleTime).toBe(60_000);
    expect(options.gcTime).toBe(60_000);
    expect(options.retry).toBe(false);
  });

  test('a failure is logged once, not retried, and the defaults are kept', async () => {
    jest.useFakeTimers();
    const logged = spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = serve(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const { result } = renderHook(() => useUiStyles(), { wrapper: createTestProviders().wrapper });
    await advanceTime(60_000, 5000);
    expect(calls.filter((call) => call.url === '/api/admin/ui-settings')).toHaveLength(1);
    expect(result.current).toEqual(DEFAULT_UI_STYLES);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[0]).toBe('Failed to fetch UI settings');
  });

  test('a read the query cancels is not logged as a failure', async () => {
    const logged = spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeFetch((_url, init) => neverAnswered(init));
    const controller = new AbortController();
    const read = fetchUiSettings(controller.signal);
    controller.abort();
    await expect(read).rejects.toThrow();
    expect(logged).not.toHaveBeenCalled();
  });

  test('saved styles are merged over the defaults', async () => {
    jest.useFakeTimers();
    serve(() => json({ styles: { borders: { radius: 'full' }, buttons: { primaryBackground: '#16a34a' } } }));
    const { result } = renderHook(() => useUiStyles(), { wrapper: createTestProviders().wrapper });
    await advanceTime(0);
    expect(result.current.borders).toEqual({ ...DEFAULT_UI_STYLES.borders, radius: 'full' });
    expect(result.current.buttons.primaryBackground).toBe('#16a34a');
    expect(result.current.buttons.size).toBe(DEFAULT_UI_STYLES.buttons.size);
  });

  test('useApplyUiStyles writes the CSS variables on <html>', async () => {
    jest.useFakeTimers();
    serve(() => json({ styles: { buttons: { primaryBackground: '#16a34a' } } }));
    renderHook(() => useApplyUiStyles(), { wrapper: createTestProviders().wrapper });
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--ui-button-primary-background')).toBe('#2563eb');
    await advanceTime(0);
    expect(root.getPropertyValue('--ui-button-primary-background')).toBe('#16a34a');
  });

  test('nothing is asked while signed out', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(() => new Response('', { status: 401 }));
    const { result } = renderHook(() => useUiStyles(), { wrapper: createTestProviders().wrapper });
    await advanceTime(0);
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/user']);
    expect(result.current).toEqual(DEFAULT_UI_STYLES);
  });
});
