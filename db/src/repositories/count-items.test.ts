import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import {
  type CountFixture,
  createCountFixture,
  openFreshCountSession,
} from '@db/testing/count-session-fixture.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { applyCountEdit, type StoredCountItem, type TypedCountEdit } from '@engine/count-item-edit.ts';
import { confirmCountItems, saveCountItems } from './count-items.ts';

let db: Db;
let fixture: CountFixture;
let locationId: number;
let userId: number;
let sessionId: number;
const productIds: number[] = [];

const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 14, minute)).toISOString();

beforeAll(async () => {
  db = await openTestDb();
  fixture = await createCountFixture(db, 80);
  ({ locationId, userId } = fixture);
  productIds.push(...fixture.productIds);
});
afterAll(() => db.close());
beforeEach(async () => {
  sessionId = await openFreshCountSession(db, fixture);
});

async function store(productId: number, item: StoredCountItem): Promise<void> {
  await db.query(
    `INSERT INTO count_items (session_id, product_id, count, confirmed, confirmed_at, edited_after_confirm, typed_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $4 THEN now() END, $5, $6)`,
    [sessionId, productId, item.count, item.confirmed, item.editedAfterConfirm, item.typedAt],
  );
}

const save = (edits: TypedCountEdit[], clearedAt: string | null = null) =>
  db.transaction((tx) => saveCountItems(tx, { sessionId, locationId, actorId: userId, clearedAt, edits }));

const COUNTS = [null, 3, 4.25] as const;
const STORED_STATES: (StoredCountItem | null)[] = [
  null,
  ...COUNTS.flatMap((count) => [
    { count, confirmed: false, editedAfterConfirm: false, typedAt: at(10) },
    { count, confirmed: true, editedAfterConfirm: false, typedAt: at(10) },
    { count, confirmed: true, editedAfterConfirm: true, typedAt: at(10) },
  ]),
];
const EDITS = COUNTS.flatMap((count) => [false, true].map((confirmed) => ({ count, confirmed })));

describe('saveCountItems', () => {
  test('applies the engine rule (applyCountEdit) to every combination of stored item and edit', async () => {
    const cases = STORED_STATES.flatMap((stored) => EDITS.map((edit) => ({ stored, edit })));
    expect(cases.length).toBeLessThanOrEqual(productIds.length);
    const edits = cases.map(({ edit }, i) => ({ productId: productIds[i] ?? 0, ...edit, typedAt: at(20) }));
    for (const [i, { stored }] of cases.entries()) if (stored) await store(productIds[i] ?? 0, stored);

    const saved = await save(edits);
    const byProduct = new Map(saved.map((row) => [row.productId, row]));
    for (const [i, { stored }] of cases.entries()) {
      const edit = edits[i] as TypedCountEdit;
      const row = byProduct.get(edit.productId);
      expect({ case: i, applied: row?.applied }).toEqual({ case: i, applied: true });
      const { count, confirmed, editedAfterConfirm } = row?.state ?? {};
      expect({ case: i, count, confirmed, editedAfterConfirm }).toEqual({
        case: i,
        ...applyCountEdit(stored, edit),
      });
    }
  });

  test('an edit typed before the stored one, or at the same moment, is superseded and changes nothing', async () => {
    const [older, same, newer] = productIds as [number, number, number];
    for (const productId of [older, same, newer]) {
      await store(productId, { count: 5, confirmed: true, editedAfterConfirm: false, typedAt: at(10) });
    }
    const saved = await save([
      { productId: older, count: 1, confirmed: false, typedAt: at(9) },
      { productId: same, count: 1, confirmed: false, typedAt: at(10) },
      { productId: newer, count: 1, confirmed: false, typedAt: at(11) },
    ]);
    expect(saved.map((row) => [row.productId, row.applied, row.state.count])).toEqual([
      [older, false, 5],
      [same, false, 5],
      [newer, true, 1],
    ]);
  });

  test('edits typed before the session was cleared are superseded even with nothing stored', async () => {
    const [first, second] = productIds as [number, number];
    const saved = await save(
      [
        { productId: first, count: 2, confirmed: false, typedAt: at(14) },
        { productId: second, count: 2, confirmed: false, typedAt: at(16) },
      ],
      at(15),
    );
    expect(saved.map((row) => [row.productId, row.applied])).toEqual([
      [first, false],
      [second, true],
    ]);
    expect(await db.query('SELECT product_id FROM count_items WHERE session_id = $1', [sessionId])).toEqual([
      { product_id: second },
    ]);
  });

  test('a typed time later than the server clock is stored as the server clock', async () => {
    const [product] = productIds as [number];
    const before = Date.now();
    const [row] = await save([
      { productId: product, count: 1, confirmed: false, typedAt: '2999-01-01T00:00:00Z' },
    ]);
    const typedAt = Date.parse(row?.state.typedAt ?? '');
    expect(typedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(typedAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  test('unknown products are reported, not written', async () => {
    const [known] = productIds as [number];
    const saved = await save([
      { productId: 999_999, count: 1, confirmed: false, typedAt: at(20) },
      { productId: known, count: 1, confirmed: false, typedAt: at(20) },
    ]);
    expect(saved.map((row) => [row.productId, row.known])).toEqual([
      [known, true],
      [999_999, false],
    ]);
    expect(await db.query('SELECT 1 FROM count_items WHERE product_id = 999999')).toEqual([]);
  });

  test('one audit entry per batch: the items whose stored state changed, with before and after', async () => {
    const [changed, unchanged, fresh] = productIds as [number, number, number];
    await store(changed, { count: 3, confirmed: true, editedAfterConfirm: false, typedAt: at(10) });
    await store(unchanged, { count: 3, confirmed: false, editedAfterConfirm: false, typedAt: at(10) });
    await save([
      { productId: changed, count: 4, confirmed: false, typedAt: at(20) },
      { productId: unchanged, count: 3, confirmed: false, typedAt: at(20) },
      { productId: fresh, count: 1, confirmed: false, typedAt: at(20) },
    ]);
    type Items = { items: Record<string, Record<string, unknown>> };
    const audit = await db.query<{ entity: string; entity_id: string; before: Items | null; after: Items }>(
      `SELECT entity, entity_id, before, after FROM audit_log WHERE action = 'count.items'`,
    );
    expect(audit).toHaveLength(1);
    const [entry] = audit;
    expect([entry?.entity, entry?.entity_id]).toEqual(['count_session', String(sessionId)]);
    expect(Object.keys(entry?.after.items ?? {}).sort()).toEqual([String(changed), String(fresh)].sort());
    // Only the changed item had a stored state before this batch.
    expect(entry?.before).toEqual({
      items: { [changed]: { count: 3, confirmed: true, editedAfterConfirm: false } },
    });
    expect(entry?.after.items[changed]).toMatchObject({
      count: 4,
      confirmed: true,
      editedAfterConfirm: true,
    });
    expect(entry?.after.items[fresh]).toMatchObject({
      count: 1,
      confirmed: false,
      editedAfterConfirm: false,
    });

    // A batch that changes nothing writes no entry.
    await save([{ productId: unchanged, count: 3, confirmed: false, typedAt: at(30) }]);
    expect(await db.query(`SELECT 1 FROM audit_log WHERE action = 'count.items'`)).toHaveLength(1);
  });
});

describe('confirmCountItems', () => {
  test('confirms counted items that need it and leaves items without a count alone', async () => {
    const [edited, open, empty, done] = productIds as [number, number, number, number];
    await store(edited, { count: 2, confirmed: true, editedAfterConfirm: true, typedAt: at(10) });
    await store(open, { count: 1, confirmed: false, editedAfterConfirm: false, typedAt: at(10) });
    await store(empty, { count: null, confirmed: false, editedAfterConfirm: false, typedAt: at(10) });
    await store(done, { count: 7, confirmed: true, editedAfterConfirm: false, typedAt: at(10) });
    const confirmed = await db.transaction((tx) =>
      confirmCountItems(tx, { sessionId, locationId, actorId: userId, productIds: null }),
    );
    expect(confirmed.map((item) => [item.productId, item.confirmed, item.editedAfterConfirm])).toEqual(
      [
        [edited, true, false],
        [open, true, false],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // Confirming is typed now: an edit typed before it (still in flight from a device) no longer applies.
    const [late] = await save([{ productId: open, count: 9, confirmed: false, typedAt: at(30) }]);
    expect(late?.applied).toBe(false);
  });
});
