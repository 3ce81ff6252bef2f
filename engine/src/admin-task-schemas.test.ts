import { describe, expect, test } from 'bun:test';
import {
  type AdminTask,
  applyTaskUpdate,
  createTaskBodySchema,
  updateTaskBodySchema,
} from './admin-task-schemas.ts';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('createTaskBodySchema', () => {
  test('a daily task needs no weekday or role', () => {
    expect(
      createTaskBodySchema.parse({ title: ' Wipe tables ', cadence: 'daily', dueTime: '09:30' }),
    ).toEqual({
      title: 'Wipe tables',
      cadence: 'daily',
      weekday: null,
      dueTime: '09:30',
      role: null,
    });
  });

  test('weekday must match the cadence', () => {
    expect(
      firstMessage(createTaskBodySchema.safeParse({ title: 'x', cadence: 'weekly', dueTime: '09:00' })),
    ).toBe('A weekly task needs a weekday (0–6).');
    expect(
      firstMessage(
        createTaskBodySchema.safeParse({ title: 'x', cadence: 'daily', weekday: 2, dueTime: '09:00' }),
      ),
    ).toBe('A daily task has no weekday; send null.');
  });

  test('refuses times, weekdays and roles that do not exist', () => {
    const base = { title: 'x', cadence: 'weekly', weekday: 1, dueTime: '09:00' };
    expect(firstMessage(createTaskBodySchema.safeParse({ ...base, dueTime: '24:00' }))).toBe(
      'The due time must be a 24-hour time like 07:30 or 17:00',
    );
    expect(firstMessage(createTaskBodySchema.safeParse({ ...base, dueTime: '' }))).toBe(
      'Enter a due time, like 07:30 or 17:00',
    );
    expect(firstMessage(createTaskBodySchema.safeParse({ ...base, weekday: 7 }))).toBe(
      'The weekday must be a number from 0 (Sunday) to 6 (Saturday)',
    );
    expect(firstMessage(createTaskBodySchema.safeParse({ ...base, role: 'boss' }))).toBe(
      "Unknown role 'boss'. Valid roles: staff, cafe_manager, district_manager, admin",
    );
    expect(firstMessage(createTaskBodySchema.safeParse({ ...base, cadence: 'monthly' }))).toBe(
      'The repeat (cadence) must be daily or weekly',
    );
  });
});

describe('applyTaskUpdate', () => {
  const weekly: Omit<AdminTask, 'id' | 'createdAt' | 'retiredAt' | 'updatedAt'> = {
    title: 'Deep clean fridges',
    cadence: 'weekly',
    weekday: 1,
    dueTime: '16:00',
    role: 'staff',
    active: true,
  };
  const patch = (body: unknown) => updateTaskBodySchema.parse(body);

  test('switching to daily drops the weekday', () => {
    expect(applyTaskUpdate(weekly, patch({ cadence: 'daily' }))).toEqual({
      ok: true,
      task: { ...weekly, cadence: 'daily', weekday: null },
    });
  });

  test('switching to weekly without a weekday is refused', () => {
    expect(
      applyTaskUpdate({ ...weekly, cadence: 'daily', weekday: null }, patch({ cadence: 'weekly' })),
    ).toEqual({
      ok: false,
      problem: 'A weekly task needs a weekday (0–6).',
    });
  });

  test('deactivating keeps everything else; role null means anyone', () => {
    expect(applyTaskUpdate(weekly, patch({ active: false, role: null }))).toEqual({
      ok: true,
      task: { ...weekly, active: false, role: null },
    });
  });

  test('an empty change is refused', () => {
    expect(firstMessage(updateTaskBodySchema.safeParse({}))).toBe('Send at least one field to change.');
  });
});
