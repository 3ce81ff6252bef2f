import { describe, expect, test } from 'bun:test';
import { act, renderHook } from '@testing-library/react';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { createStore } from 'jotai';
import { emitLocationChanged, emitOperationChanged } from './local-storage.ts';
import { selectedActionAtom, storeSelectedAction, useSelectedAction } from './selected-action.ts';
import {
  selectedLocationAtom,
  selectedLocationCodeAtom,
  selectedLocationIdAtom,
  selectedLocationNameAtom,
  storeSelectedLocation,
  useSelectedLocation,
} from './selected-location.ts';
import {
  consumeTriggerStartNewCount,
  consumeTriggerStartNewCountAtom,
  setTriggerStartNewCount,
  triggerStartNewCountAtom,
} from './trigger-start-new-count.ts';

/** Collects the details of one window event while the test runs. */
function captureEvents(name: string): unknown[] {
  const details: unknown[] = [];
  window.addEventListener(name, (event) => details.push((event as CustomEvent).detail));
  return details;
}

/** Another tab wrote to storage: the browser sets the value and fires `storage` here. */
function otherTabWrites(key: string, value: string | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

const downtown = { id: 3, name: 'Downtown', code: 'DT' };

describe('selectedAction', () => {
  test('is stored under its exact key, and emits operationChanged with the new value', () => {
    const events = captureEvents('operationChanged');
    const store = createStore();
    store.set(selectedActionAtom, 'count_inventory');
    expect(localStorage.getItem('selectedAction')).toBe('count_inventory');
    expect(store.get(selectedActionAtom)).toBe('count_inventory');
    expect(events.at(-1)).toBe('count_inventory');

    store.set(selectedActionAtom, null);
    expect(localStorage.getItem('selectedAction')).toBeNull();
    expect(events.at(-1)).toBeNull();
  });

  test('a stored value that is not an operation reads as none', () => {
    localStorage.setItem('selectedAction', 'upload_csv');
    expect(createStore().get(selectedActionAtom)).toBeNull();
  });

  test('follows operationChanged from this tab and storage writes from other tabs', () => {
    const { wrapper } = createTestProviders();
    const { result } = renderHook(() => useSelectedAction(), { wrapper });
    expect(result.current[0]).toBeNull();

    act(() => {
      localStorage.setItem('selectedAction', 'set_pars');
      emitOperationChanged('set_pars');
    });
    expect(result.current[0]).toBe('set_pars');

    act(() => otherTabWrites('selectedAction', 'shopping_list'));
    expect(result.current[0]).toBe('shopping_list');

    act(() => otherTabWrites('selectedAction', null));
    expect(result.current[0]).toBeNull();
  });

  test('storeSelectedAction works outside React too', () => {
    const events = captureEvents('operationChanged');
    storeSelectedAction('nightly_counts');
    expect(localStorage.getItem('selectedAction')).toBe('nightly_counts');
    expect(events).toEqual(['nightly_counts']);
  });
});

describe('selected location', () => {
  test('stores id, name and code under their exact keys and emits locationChanged with the id', () => {
    const events = captureEvents('locationChanged');
    const store = createStore();
    store.set(selectedLocationAtom, downtown);
    expect(localStorage.getItem('selectedLocationId')).toBe('3');
    expect(localStorage.getItem('selectedLocationName')).toBe('Downtown');
    expect(localStorage.getItem('selectedLocationCode')).toBe('DT');
    expect(store.get(selectedLocationIdAtom)).toBe(3);
    expect(store.get(selectedLocationNameAtom)).toBe('Downtown');
    expect(store.get(selectedLocationCodeAtom)).toBe('DT');
    expect(events).toEqual(['3']);
  });

  test('a blank choice removes all three keys', () => {
    const events = captureEvents('locationChanged');
    storeSelectedLocation(downtown);
    storeSelectedLocation(null);
    expect(localStorage.getItem('selectedLocationId')).toBeNull();
    expect(localStorage.getItem('selectedLocationName')).toBeNull();
    expect(localStorage.getItem('selectedLocationCode')).toBeNull();
    expect(events).toEqual(['3', null]);
  });

  test('an id that is not a positive whole number is no location', () => {
    localStorage.setItem('selectedLocationId', 'abc');
    expect(createStore().get(selectedLocationIdAtom)).toBeNull();
  });

  test('follows locationChanged from this tab and storage writes from other tabs', () => {
    const { wrapper } = createTestProviders();
    const { result } = renderHook(() => useSelectedLocation(), { wrapper });
    expect(result.current[0]).toBeNull();

    act(() => {
      localStorage.setItem('selectedLocationId', '5');
      localStorage.setItem('selectedLocationName', 'Harbour');
      emitLocationChanged('5');
    });
    expect(result.current[0]).toEqual({ id: '5', name: 'Harbour', code: null });

    act(() => otherTabWrites('selectedLocationId', '8'));
    expect(result.current[0]?.id).toBe('8');

    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current[0]).toBeNull();
  });

  test('a write through the hook updates every reader at once', () => {
    const { wrapper } = createTestProviders();
    const { result } = renderHook(() => ({ a: useSelectedLocation(), b: useSelectedLocation() }), {
      wrapper,
    });
    act(() => result.current.a[1](downtown));
    expect(result.current.b[0]).toEqual({ id: '3', name: 'Downtown', code: 'DT' });
  });
});

describe('triggerStartNewCount', () => {
  test("is stored as 'true' and consumed exactly once", () => {
    setTriggerStartNewCount();
    expect(localStorage.getItem('triggerStartNewCount')).toBe('true');
    expect(consumeTriggerStartNewCount()).toBe(true);
    expect(localStorage.getItem('triggerStartNewCount')).toBeNull();
    expect(consumeTriggerStartNewCount()).toBe(false);
  });

  test('consuming drops the cafés an earlier version kept beside the flag', () => {
    localStorage.setItem('triggerStartNewCount', 'true');
    localStorage.setItem('triggerStartNewCountLocationIds', '[3,2]');
    expect(consumeTriggerStartNewCount()).toBe(true);
    expect(localStorage.getItem('triggerStartNewCountLocationIds')).toBeNull();
  });

  test('the atom follows another tab setting it, and consuming clears it', () => {
    const store = createStore();
    const seen: boolean[] = [];
    const unsubscribe = store.sub(triggerStartNewCountAtom, () =>
      seen.push(store.get(triggerStartNewCountAtom)),
    );
    expect(store.get(triggerStartNewCountAtom)).toBe(false);
    otherTabWrites('triggerStartNewCount', 'true');
    expect(store.get(triggerStartNewCountAtom)).toBe(true);
    expect(store.set(consumeTriggerStartNewCountAtom)).toBe(true);
    expect(store.get(triggerStartNewCountAtom)).toBe(false);
    expect(seen).toEqual([true, false]);
    unsubscribe();
  });
});
