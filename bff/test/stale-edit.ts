import { expect } from 'bun:test';
import type { CallResult } from './http.ts';

/**
 * Two administrators open one record's edit form; the first saves. The second's save, made against the record as
 * both opened it, must be a 409 that changes nothing (decision 120). An edit without the check applies as before,
 * a check alone is no change, and a malformed one is a 400. `read` gives the record as the admin list has it.
 */
export async function expectStaleEditRefused<Row extends { updatedAt: string }>(options: {
  what: string;
  read: () => Promise<Row | undefined>;
  patch: (body: Record<string, unknown>) => Promise<CallResult>;
  first: Record<string, unknown>;
  second: Record<string, unknown>;
  /** Everything else the refused edit could have written (the audit log, other tables), compared before and after. */
  snapshot?: () => Promise<unknown>;
}): Promise<void> {
  const { what, read, patch, first, second, snapshot = async () => null } = options;
  const opened = await read();
  if (!opened) throw new Error(`No ${what} to edit in the fixture`);
  expect((await patch({ ...first, expectedUpdatedAt: opened.updatedAt })).status).toBe(200);
  const afterFirst = await read();
  expect(afterFirst?.updatedAt).not.toBe(opened.updatedAt);
  const elsewhere = await snapshot();

  const stale = await patch({ ...second, expectedUpdatedAt: opened.updatedAt });
  expect(stale.status).toBe(409);
  expect(stale.json).toEqual({
    code: 'conflict',
    message: `Someone else changed this ${what} after you opened it. Close the form and open it again to see their change, then make yours.`,
  });
  expect(await read()).toEqual(afterFirst);
  expect(await snapshot()).toEqual(elsewhere);

  expect((await patch({ expectedUpdatedAt: afterFirst?.updatedAt })).json).toMatchObject({
    code: 'validation_failed',
    message: 'Send at least one field to change.',
  });
  expect((await patch({ ...second, expectedUpdatedAt: 'soon' })).status).toBe(400);
  expect(await read()).toEqual(afterFirst);
  // Made against the record as it is now, the same edit applies; so does one that sends no check.
  expect((await patch({ ...second, expectedUpdatedAt: afterFirst?.updatedAt })).status).toBe(200);
  expect((await patch(first)).status).toBe(200);
}
