import { expect, test } from 'bun:test';
import type { OutboxEntry } from '@web/lib/autosave/outbox-state.ts';
import type { ParEdit } from './par-edit.ts';
import { parRowView, type StoredParView, UNREAD_PAR } from './par-row-view.ts';

const stored: StoredParView = {
  par: 4,
  lifecycle: 'active',
  stockStatus: 'in_stock',
  backordered: true,
  locked: true,
  lockNote: 'Locked by Dana',
};
const waiting = (value: ParEdit, refused?: string): OutboxEntry<ParEdit> => ({
  itemId: 7,
  value,
  typedAt: '2026-11-28T10:00:00.000Z',
  rev: 1,
  ...(refused ? { refused } : {}),
});

test('the stored settings show as they are when nothing waits', () => {
  expect(parRowView(stored, undefined)).toEqual({ ...stored, unsaved: false, refused: null });
});

test('a waiting edit shows over the fields it touched, and marks the row unsaved', () => {
  expect(parRowView(stored, waiting({ lifecycle: 'phasing_out' }))).toEqual({
    ...stored,
    lifecycle: 'phasing_out',
    unsaved: true,
    refused: null,
  });
  expect(parRowView(stored, waiting({ par: 0, stockStatus: 'out' }, 'The PAR is locked'))).toEqual({
    ...stored,
    par: 0,
    stockStatus: 'out',
    unsaved: true,
    refused: 'The PAR is locked',
  });
});

test('without the café inventory nothing is shown over the blanks, only that an edit waits', () => {
  expect(parRowView(UNREAD_PAR, waiting({ par: 9 }))).toEqual({
    ...UNREAD_PAR,
    unsaved: true,
    refused: null,
  });
});
