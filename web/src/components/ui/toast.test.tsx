import { beforeEach, describe, expect, jest, test } from 'bun:test';
import { act, render, screen } from '@testing-library/react';
import { advanceTime } from '@web-test/timers.ts';
import { TOAST_HOTKEY, TOAST_SWIPE_DIRECTION, TOAST_SWIPE_THRESHOLD } from './toast.tsx';
import { Toaster } from './toaster.tsx';
import {
  dismissToast,
  getToastState,
  TOAST_DEFAULT_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  toast,
} from './use-toast.ts';

beforeEach(() => {
  // The toast list lives at module level (so toast() works outside React); start each test empty.
  jest.useFakeTimers();
  dismissToast();
  jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
  jest.useRealTimers();
});

describe('toast constants (requirements §9)', () => {
  test('one visible, removed 1500 ms after dismissal, 5000 ms by default, swipe right past 50 px, F8', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1500);
    expect(TOAST_DEFAULT_DURATION).toBe(5000);
    expect(TOAST_SWIPE_DIRECTION).toBe('right');
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
    expect(TOAST_HOTKEY).toEqual(['F8']);
  });
});

describe('toast list', () => {
  test('a new toast replaces the one showing', () => {
    toast({ title: 'Saved' });
    toast({ title: 'Count completed' });
    expect(getToastState().toasts.map((t) => t.title)).toEqual(['Count completed']);
  });

  test('a dismissed toast closes at once and leaves the list 1500 ms later', () => {
    jest.useFakeTimers();
    const shown = toast({ title: 'Saved' });
    shown.dismiss();
    expect(getToastState().toasts[0]?.open).toBe(false);
    jest.advanceTimersByTime(1499);
    expect(getToastState().toasts).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(getToastState().toasts).toHaveLength(0);
  });
});

describe('Toaster', () => {
  test('shows one toast at a time in a notifications region reachable with F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved', description: 'All changes saved' });
      toast({ title: 'Re-confirmation Required', variant: 'destructive' });
    });
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByText('Re-confirmation Required')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();
  });

  test('a destructive toast is marked as such', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Re-confirmation Required', variant: 'destructive' });
    });
    const element = screen.getByText('Re-confirmation Required').closest('[data-slot="toast"]');
    expect(element?.getAttribute('data-variant')).toBe('destructive');
  });

  test('closes by itself after 5000 ms and is gone 1500 ms later', async () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    await advanceTime(4900, 100);
    expect(getToastState().toasts[0]?.open).toBe(true);
    await advanceTime(100, 100);
    expect(getToastState().toasts[0]?.open).toBe(false);
    await advanceTime(1500, 100);
    expect(getToastState().toasts).toHaveLength(0);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  test('the close button is named and dismisses', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(getToastState().toasts[0]?.open).toBe(false);
  });
});
