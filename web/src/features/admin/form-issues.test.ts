import { expect, test } from 'bun:test';
import { createTaskBodySchema } from '@engine/admin-task-schemas.ts';
import { updateUserBodySchema } from '@engine/user-admin-schemas.ts';
import { issuesByField } from './form-issues.ts';

test('the engine’s verdict is split by field, the first message each', () => {
  const result = createTaskBodySchema.safeParse({ title: '', cadence: 'weekly', dueTime: '25:00' });
  expect(result.success).toBe(false);
  if (result.success) return;
  const { fields } = issuesByField(result.error);
  expect(fields.title).toBe('A task title must not be empty');
  expect(fields.dueTime).toBe('The due time must be a 24-hour time like 07:30 or 17:00');
});

test('a problem of the whole form is kept apart', () => {
  const result = updateUserBodySchema.safeParse({});
  expect(result.success).toBe(false);
  if (result.success) return;
  expect(issuesByField(result.error).form).toBe('Send at least one field to change.');
});
