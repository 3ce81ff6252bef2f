import { describe, expect, test } from 'bun:test';
import type { AutosaveSnapshot } from '@web/lib/autosave/autosave-queue.ts';
import type { OutboxEntry } from '@web/lib/autosave/outbox-state.ts';
import { idleSnapshot } from '@web-test/fake-outbox.ts';
import { autosaveStatus } from './autosave-status.ts';

const idle: AutosaveSnapshot<unknown> = idleSnapshot();
const entry = (itemId: number, refused?: string): OutboxEntry<unknown> => ({
  itemId,
  value: 1,
  typedAt: '2025-03-10T15:00:00.000Z',
  rev: itemId,
  ...(refused ? { refused } : {}),
});
const options = { now: 10_000, itemName: (id: number) => `Product ${id}` };

describe('autosave wording', () => {
  test("'Ready' before anything is typed, 'Saved' after", () => {
    expect(autosaveStatus(idle, options)).toEqual({ pill: { text: 'Ready', tone: 'ready' }, banner: null });
    expect(autosaveStatus({ ...idle, savedAt: 9000 }, options)).toEqual({
      pill: { text: 'Saved', tone: 'saved' },
      banner: {
        tone: 'success',
        text: 'All changes saved',
        details: [],
        canRetry: false,
        canDismiss: false,
        canHide: false,
      },
    });
    expect(autosaveStatus({ ...idle, savedAt: 1000 }, options).banner).toBeNull();
  });

  test("'Saving...' and 'Saving N changes...' while a save is on the way", () => {
    const status = autosaveStatus({ ...idle, pending: 3, saving: 2 }, options);
    expect(status.pill.text).toBe('Saving...');
    expect(status.banner?.text).toBe('Saving 3 changes...');
  });

  test("'N unsaved' and 'N items failed to save - retrying...' without a connection", () => {
    const status = autosaveStatus({ ...idle, pending: 3, failing: true }, options);
    expect(status.pill.text).toBe('3 unsaved');
    expect(status.banner).toMatchObject({ tone: 'warning', text: '3 items failed to save - retrying...' });
    expect(autosaveStatus({ ...idle, pending: 1 }, options).pill.text).toBe('1 unsaved');
  });

  test('a refusal names the product and the server’s reason', () => {
    const status = autosaveStatus(
      { ...idle, refused: 1, entries: new Map([[4, entry(4, 'The PAR is locked.')]]) },
      options,
    );
    expect(status.pill.text).toBe('1 unsaved');
    expect(status.banner).toMatchObject({
      tone: 'destructive',
      text: '1 change was not saved',
      details: ['Product 4: The PAR is locked.'],
    });
  });

  test('a refusal for good offers Dismiss, not Retry now', () => {
    const status = autosaveStatus(
      { ...idle, refused: 1, entries: new Map([[4, entry(4, 'Locked by Dana Reyes at 14:02')]]) },
      options,
    );
    expect(status.banner).toMatchObject({ canRetry: false, canDismiss: true, canHide: false });
  });

  test('while others retry, refused changes are counted apart from them', () => {
    const status = autosaveStatus(
      {
        ...idle,
        pending: 2,
        refused: 1,
        failing: true,
        entries: new Map([[4, entry(4, 'Locked by Dana Reyes at 14:02')]]),
      },
      options,
    );
    expect(status.pill.text).toBe('3 unsaved');
    expect(status.banner).toMatchObject({
      tone: 'warning',
      text: '2 items failed to save - retrying...',
      details: [
        'They are kept on this device and saved as soon as the server answers.',
        '1 change was refused and will not be retried.',
      ],
      canRetry: true,
      canHide: true,
    });
  });
});
