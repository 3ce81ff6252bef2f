import { expect, test } from 'bun:test';
import type { AdminTask } from '@engine/admin-task-schemas.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { TaskFormDialog } from './task-form-dialog.tsx';

const OPENED: AdminTask = {
  id: 7,
  title: 'Descale the steam wands',
  cadence: 'daily',
  weekday: null,
  dueTime: '08:00',
  role: null,
  active: true,
  createdAt: '2026-11-02T09:00:00.000Z',
  retiredAt: null,
  updatedAt: '2026-12-01T10:00:00.000Z',
};

test('an edit names the task as the form was opened, though the list was read again behind it', async () => {
  const { calls } = installFakeFetch((url, init) =>
    url.includes('/api/admin/tasks/') ? json({ ...OPENED, ...JSON.parse(String(init.body)) }) : json([]),
  );
  const { wrapper } = createTestProviders();
  const view = (task: AdminTask) => <TaskFormDialog open task={task} onOpenChange={() => undefined} />;
  const { rerender } = render(view(OPENED), { wrapper });
  // Another administrator's edit reached this tab's list while the form stayed open.
  rerender(view({ ...OPENED, dueTime: '09:00', updatedAt: '2026-12-01T10:05:00.000Z' }));

  fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), {
    target: { value: 'Descale the wands' },
  });
  act(() => screen.getByRole('button', { name: 'Save changes' }).click());
  const patch = await waitFor(() => {
    const sent = calls.find((call) => call.init.method === 'PATCH');
    if (!sent) throw new Error('No edit sent yet');
    return sent;
  });
  // The draft still holds 08:00: without the stamp, the save would put back the time the other administrator
  // changed. With it, the server refuses the save and changes nothing.
  expect(JSON.parse(String(patch.init.body))).toEqual({
    title: 'Descale the wands',
    dueTime: '08:00',
    expectedUpdatedAt: '2026-12-01T10:00:00.000Z',
  });
});
