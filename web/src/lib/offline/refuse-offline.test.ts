import { afterEach, describe, expect, test } from 'bun:test';
import { onlineManager } from '@tanstack/react-query';
import { getToastState } from '@web/components/ui/use-toast.ts';
import { refusedOffline } from './refuse-offline.ts';

describe('refusedOffline', () => {
  afterEach(() => onlineManager.setOnline(true));

  test('online, the action goes on', () => {
    expect(refusedOffline('Starting a new count')).toBe(false);
  });

  test('offline, it is refused at once and the toast says what needs the network', () => {
    onlineManager.setOnline(false);
    expect(refusedOffline('Starting a new count')).toBe(true);
    expect(getToastState().toasts[0]).toMatchObject({
      variant: 'destructive',
      title: 'Starting a new count needs the network',
    });
  });
});
