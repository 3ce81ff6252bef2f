import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { loadReport } from '@db/repositories/reports/run-report.ts';
import { seedDemo } from '@db/seed/demo.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { updateParsBodySchema } from '@engine/counting-schemas.ts';
import { REPORT_NAMES, type ReportName } from '@engine/reports/report-definitions.ts';
import { sessionCookieFor } from './fixtures.ts';
import { call, testApp } from './http.ts';
import {
  loadRaw,
  type Range,
  recomputeCountCompliance,
  recomputeInventoryValue,
  recomputeNightlyVariance,
  recomputeOrderSpend,
  recomputeParHealth,
  recomputeUsage,
} from './reports/report-recomputation.ts';

// The demo's own clock: history crosses the US switch to daylight time (8 March 2026).
const NOW = new Date('2026-03-10T16:00:00Z');

let db: Db;
let app: ReturnType<typeof testApp>;
const cookies: Record<string, string> = {};
const locationIds: Record<string, number> = {};
let districtIds: Record<string, number> = {};
let raw: Awaited<ReturnType<typeof loadRaw>>;

beforeAll(async () => {
  db = await openTestDb();
  await seedDemo(db, { now: NOW });
  app = testApp(db);
  for (const user of await db.query<{ id: number; email: string }>('SELECT id, email FROM users')) {
    cookies[user.email.split('@')[0] as string] = await sessionCookieFor(db, user.id);
  }
  for (const location of await db.query<{ id: number; code: string }>('SELECT id, code FROM locations')) {
    locationIds[location.code] = location.id;
  }
  districtIds = Object.fromEntries(
    (await db.query<{ id: number; name: string }>('SELECT id, name FROM districts')).map((d) => [
      d.name,
      d.id,
    ]),
  );
  await splitOneDelivery();
  // The Market Hall café was shut for a refit from Wednesday 18 to Monday 23 February (decision 117).
  await db.query(
    `UPDATE locations SET closed_spells = '{[2026-02-18T20:00:00Z,2026-02-23T13:00:00Z)}' WHERE code = 'DT-02'`,
  );
  raw = await loadRaw(db);
}, 120_000);

/**
 * The demo's orders arrive whole; one is made to arrive vendor by vendor (decision 092): half its lines came
 * two days before the rest, across a count of its café, and one of them came short. Usage must count each line
 * from its own delivery, with what came.
 */
async function splitOneDelivery(): Promise<void> {
  const [order] = await db.query<{ id: number; receiptId: number }>(
    `SELECT o.id, e.id::int AS "receiptId"
       FROM orders o JOIN order_events e ON e.order_id = o.id AND e.to_status = 'received'
      WHERE e.created_at BETWEEN '2026-03-03' AND '2026-03-08'
        AND EXISTS (SELECT 1 FROM count_completions c
                     WHERE c.location_id = o.location_id
                       AND c.completed_at BETWEEN e.created_at - interval '2 days' AND e.created_at)
      ORDER BY e.created_at, o.id LIMIT 1`,
  );
  if (!order) throw new Error('The demo has no received order to split');
  const [early] = await db.query<{ id: number }>(
    `INSERT INTO order_events (order_id, from_status, to_status, actor_id, comment, created_at)
     SELECT order_id, 'placed', 'placed', actor_id, 'first delivery', created_at - interval '2 days'
       FROM order_events WHERE id = $1
     RETURNING id::int AS id`,
    [order.receiptId],
  );
  if (!early) throw new Error('The first delivery was not recorded');
  await db.query(`UPDATE order_lines SET receipt_event_id = $2 WHERE order_id = $1 AND product_id % 2 = 0`, [
    order.id,
    early.id,
  ]);
  // The short line was first recorded as ordered, then corrected (decision 093): usage counts the correction.
  const [short] = await db.query<{ productId: number; quantity: number }>(
    `SELECT product_id AS "productId", quantity FROM order_lines WHERE order_id = $1 ORDER BY product_id LIMIT 1`,
    [order.id],
  );
  if (!short) throw new Error('The order has no lines');
  const corrected = await call(app, 'PATCH', `/api/orders/${order.id}/deliveries`, {
    cookie: cookies.admin,
    body: { lines: [{ productId: short.productId, quantity: short.quantity - 1 }] },
  });
  if (corrected.status !== 200)
    throw new Error(`The correction was refused: ${JSON.stringify(corrected.json)}`);
}
afterAll(() => db.close());

async function report(name: ReportName, query: string, who = 'admin') {
  return call(app, 'GET', `/api/reports/${name}?${query}`, { cookie: cookies[who] });
}

/** Rows in a canonical order, so the SQL's ordering and the recomputation's walk compare as sets. */
function canonical(rows: readonly unknown[]): string[] {
  const sortedKeys = (row: unknown) =>
    JSON.stringify(
      Object.fromEntries(
        Object.entries(row as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
      ),
    );
  return rows.map(sortedKeys).sort();
}

const RANGES: readonly { label: string; from: string; to: string; codes: readonly string[] }[] = [
  { label: 'the whole history, every café', from: '2026-01-01', to: '2026-03-10', codes: [] },
  // Ends mid-week on both sides and on the daylight-saving weekend: the range ends are café-local days.
  {
    label: 'a week across the DST change, two cafés in two zones',
    from: '2026-03-04',
    to: '2026-03-08',
    codes: ['DT-01', 'NS-02'],
  },
  { label: 'one day', from: '2026-02-24', to: '2026-02-24', codes: ['DT-02'] },
];

describe.each(RANGES)(
  'reports over $label equal a plain recomputation from the raw rows',
  ({ from, to, codes }) => {
    const range = (): Range => ({
      from,
      to,
      locationIds: codes.length
        ? codes.map((code) => locationIds[code] as number)
        : Object.values(locationIds),
    });
    const query = () =>
      [`from=${from}`, `to=${to}`, ...codes.map((code) => `locations=${locationIds[code]}`)].join('&');

    test('inventory value', async () => {
      const result = await report('inventory-value', query());
      expect(result.status).toBe(200);
      const rows = (result.json as { rows: unknown[] }).rows;
      expect(canonical(rows)).toEqual(canonical(recomputeInventoryValue(raw, range())));
    });

    test('usage between counts', async () => {
      const result = await report('usage', query());
      expect(result.status).toBe(200);
      const rows = (result.json as { rows: unknown[] }).rows;
      expect(canonical(rows)).toEqual(canonical(recomputeUsage(raw, range())));
    });

    test('order spend (approval hours to the tenth)', async () => {
      const result = await report('order-spend', query());
      expect(result.status).toBe(200);
      const rows = (result.json as { rows: { averageApprovalHours: number | null }[] }).rows;
      const expected = recomputeOrderSpend(raw, range());
      const withoutHours = (list: readonly { averageApprovalHours: number | null }[]) =>
        list.map((row) => ({ ...row, averageApprovalHours: null }));
      expect(canonical(withoutHours(rows))).toEqual(canonical(withoutHours(expected)));
      for (const row of rows) {
        const [key] = canonical(withoutHours([row]));
        const twin = expected.find((candidate) => canonical(withoutHours([candidate]))[0] === key);
        if (row.averageApprovalHours === null) expect(twin?.averageApprovalHours).toBeNull();
        else
          expect(
            Math.abs(row.averageApprovalHours - (twin?.averageApprovalHours ?? Number.NaN)),
          ).toBeLessThanOrEqual(0.05);
      }
    });

    test('nightly variance against Square', async () => {
      const result = await report('nightly-variance', query());
      expect(result.status).toBe(200);
      const rows = (result.json as { rows: unknown[] }).rows;
      expect(canonical(rows)).toEqual(canonical(recomputeNightlyVariance(raw, range())));
    });

    test('PAR health', async () => {
      const result = await report('par-health', query());
      expect(result.status).toBe(200);
      const rows = (result.json as { rows: unknown[] }).rows;
      expect(rows.length).toBeGreaterThan(0);
      expect(canonical(rows)).toEqual(canonical(recomputeParHealth(raw, range())));
    });

    test('count compliance', async () => {
      // The route judges "due so far" by the real clock; the demo's history lies before it, so every day is due.
      const result = await report('count-compliance', query());
      expect(result.status).toBe(200);
      const rows = (result.json as { rows: { daysClosed: number }[] }).rows;
      expect(canonical(rows)).toEqual(
        canonical(recomputeCountCompliance(raw, { ...range(), now: new Date() })),
      );
    });
  },
);

test('count compliance holds the café shut for a refit to the days it was open', async () => {
  const result = await report(
    'count-compliance',
    `from=2026-02-16&to=2026-02-22&locations=${locationIds['DT-02']}`,
  );
  expect((result.json as { rows: unknown[] }).rows).toEqual([
    expect.objectContaining({ weekStart: '2026-02-16', nightlyDue: 2, daysClosed: 5, countsDue: 1 }),
  ]);
});

test('a week the range cuts is judged whole: its count, done before the range began, is not called missed', async () => {
  // A count of Harbor Street completed on a day before that week's Sunday.
  const [done] = await db.query<{ day: string; sunday: string }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day, to_char(date_trunc('week', d)::date + 6, 'YYYY-MM-DD') AS sunday
       FROM (SELECT DISTINCT (cc.completed_at AT TIME ZONE l.timezone)::date AS d
               FROM count_completions cc JOIN locations l ON l.id = cc.location_id
              WHERE l.code = 'DT-01' AND cc.session_id IS NOT NULL) days
      WHERE extract(isodow FROM d) < 7 ORDER BY d LIMIT 1`,
  );
  if (!done) throw new Error('The demo history has no count of DT-01 on a weekday');
  const result = await report(
    'count-compliance',
    `from=${done.sunday}&to=${done.sunday}&locations=${locationIds['DT-01']}`,
  );
  const [week] = (
    result.json as { rows: { countsCompleted: number; countsDue: number; nightlyDue: number }[] }
  ).rows;
  expect(week?.countsDue).toBe(1);
  expect(week?.countsCompleted).toBeGreaterThanOrEqual(1);
  // Nightly counts stay the range's own: one day.
  expect(week?.nightlyDue).toBe(1);
});

describe('the demo history tells a story', () => {
  test('every report has rows over the last four weeks, and some usage jumped or went unmeasured', async () => {
    for (const name of REPORT_NAMES) {
      const result = await report(name, 'from=2026-02-10&to=2026-03-10');
      expect((result.json as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    }
    const usage = (await report('usage', 'from=2026-02-10&to=2026-03-10')).json as {
      rows: { usage: number | null }[];
    };
    expect(usage.rows.some((row) => row.usage === null)).toBe(true);
    expect(usage.rows.some((row) => row.usage !== null)).toBe(true);
    // The croissants Market Hall loses track of are the worst nightly variance, and shown first.
    const variance = (await report('nightly-variance', 'from=2026-02-10&to=2026-03-10')).json as {
      rows: { locationCode: string; product: string; netVariance: number }[];
    };
    expect(variance.rows[0]).toMatchObject({ locationCode: 'DT-02', product: 'Butter Croissant' });
    expect(variance.rows[0]?.netVariance).toBeLessThan(0);
  });
});

describe('size', () => {
  test('an answer longer than the screen takes is refused with what to do, not cut short', async () => {
    const view = { from: '2026-02-01', to: '2026-03-10', locationIds: [locationIds['DT-01'] as number] };
    const whole = await loadReport(db, 'usage', null, view);
    expect(whole.rows.length).toBeGreaterThan(10);
    expect((await loadReport(db, 'usage', null, { ...view, maxRows: whole.rows.length })).rows).toEqual(
      whole.rows,
    );
    await expect(loadReport(db, 'usage', null, { ...view, maxRows: 10 })).rejects.toThrow(
      'Usage between counts has more than 10 rows for this range and these cafés',
    );
  });

  test('PAR health, a row per café and product whatever the range, asks for fewer cafés, not fewer days', async () => {
    const view = { from: '2026-03-09', to: '2026-03-10', locationIds: [locationIds['DT-01'] as number] };
    await expect(loadReport(db, 'par-health', null, { ...view, maxRows: 10 })).rejects.toThrow(
      'PAR health has a row for every product of every café: more than 10 for these cafés, whatever the range. Choose one district or café',
    );
  });
});

describe('scope', () => {
  test("without cafés a report covers the user's own cafés, each named in the answer", async () => {
    const result = await report('inventory-value', 'from=2026-02-01&to=2026-03-10', 'manager');
    expect(result.status).toBe(200);
    const body = result.json as { locations: { code: string }[]; rows: { locationCode: string }[] };
    expect(body.locations.map((l) => l.code)).toEqual(['DT-01', 'DT-02']);
    expect(new Set(body.rows.map((row) => row.locationCode))).toEqual(new Set(['DT-01', 'DT-02']));
  });

  test("another café is 403, even beside one's own", async () => {
    const result = await report(
      'order-spend',
      `from=2026-02-01&to=2026-03-10&locations=${locationIds['DT-01']}&locations=${locationIds['NS-01']}`,
      'manager',
    );
    expect(result.status).toBe(403);
  });

  test('cafés listed as many HTTP clients write lists (locations[]=, locations[0]=) are the cafés named', async () => {
    const codesOf = async (query: string, who = 'district') => {
      const result = await report('inventory-value', `from=2026-02-01&to=2026-03-10&${query}`, who);
      expect(result.status).toBe(200);
      return (result.json as { locations: { code: string }[] }).locations.map((l) => l.code);
    };
    const dt1 = locationIds['DT-01'];
    const dt3 = locationIds['DT-03'];
    expect(await codesOf(`locations[]=${dt3}`)).toEqual(['DT-03']);
    expect(await codesOf(`locations%5B%5D=${dt1}&locations%5B%5D=${dt3}`)).toEqual(['DT-01', 'DT-03']);
    expect(await codesOf(`locations[1]=${dt3}&locations[0]=${dt1}`)).toEqual(['DT-01', 'DT-03']);
    expect(await codesOf(`locations=${dt1}&locations[]=${dt3}`)).toEqual(['DT-01', 'DT-03']);
    // Still checked as any list: another café is refused, a bad id is named.
    expect(
      (
        await report(
          'order-spend',
          `from=2026-02-01&to=2026-03-10&locations[]=${locationIds['NS-01']}`,
          'district',
        )
      ).status,
    ).toBe(403);
    const bad = await report('order-spend', 'from=2026-02-01&to=2026-03-10&locations[]=abc');
    expect(bad.status).toBe(400);
    // A key naming no declared field, bracketed or not, is still ignored; nothing reaches a prototype.
    expect(await codesOf(`__proto__[]=${dt1}&constructor[]=1&locations[]=${dt3}`)).toEqual(['DT-03']);
    expect(({} as Record<string, unknown>).locations).toBeUndefined();
    // A declared name written another way is refused, never read as "every café".
    for (const key of [
      'locations[a]',
      'locations[0][x]',
      'locations[ ]',
      'locations[-1]',
      'locations.0',
      'Locations',
    ]) {
      const mistyped = await report('order-spend', `from=2026-02-01&to=2026-03-10&${key}=${dt1}`, 'district');
      expect({ key, status: mistyped.status }).toEqual({ key, status: 400 });
      expect((mistyped.json as { message: string }).message).toBe(
        `The query parameter '${key}' is not one this route reads; did you mean 'locations'? It reads 'from', 'to', 'locations', 'district', and a list is the name repeated: locations=3&locations=5.`,
      );
    }
    expect(await codesOf(`_=1700000000&token=x&locations=${dt3}`)).toEqual(['DT-03']);
  });

  test("a district is the user's cafés in it; a district with none of theirs is 403", async () => {
    const downtown = await report(
      'count-compliance',
      `from=2026-03-02&to=2026-03-08&district=${districtIds.Downtown}`,
      'district',
    );
    expect(downtown.status).toBe(200);
    expect((downtown.json as { locations: { code: string }[] }).locations.map((l) => l.code)).toEqual([
      'DT-01',
      'DT-02',
      'DT-03',
    ]);
    const northside = await report(
      'count-compliance',
      `from=2026-03-02&to=2026-03-08&district=${districtIds.Northside}`,
      'district',
    );
    expect(northside.status).toBe(403);
    // A district with no café yet is told so, to an administrator as to anyone.
    const [empty] = await db.query<{ id: number }>(
      `INSERT INTO districts (name) VALUES ('Airport') RETURNING id`,
    );
    const none = await report('count-compliance', `from=2026-03-02&to=2026-03-08&district=${empty?.id}`);
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({
      message: 'That district has no cafés yet, so there is nothing to report for it.',
    });
    await db.query('DELETE FROM districts WHERE id = $1', [empty?.id ?? 0]);
  });

  test('the district picker offers each district holding some of the user’s cafés, with only those cafés', async () => {
    const districts = async (who: string) => {
      const answer = await call(app, 'GET', '/api/reports/districts', { cookie: cookies[who] });
      expect(answer.status).toBe(200);
      return (answer.json as { districts: { id: number; name: string; locationIds: number[] }[] }).districts;
    };
    const ids = (...codes: string[]) => codes.map((code) => locationIds[code] as number);
    expect(await districts('admin')).toEqual([
      { id: districtIds.Downtown as number, name: 'Downtown', locationIds: ids('DT-01', 'DT-02', 'DT-03') },
      { id: districtIds.Northside as number, name: 'Northside', locationIds: ids('NS-01', 'NS-02', 'NS-03') },
    ]);
    expect(await districts('district')).toEqual([
      { id: districtIds.Downtown as number, name: 'Downtown', locationIds: ids('DT-01', 'DT-02', 'DT-03') },
    ]);
    const [managerDistrict, ...others] = await districts('manager');
    expect(others).toEqual([]);
    expect(managerDistrict?.name).toBe('Downtown');
    expect(managerDistrict?.locationIds).toHaveLength(2);
    const staff = await call(app, 'GET', '/api/reports/districts', { cookie: cookies.staff });
    expect(staff.status).toBe(403);
  });

  test('staff do not read reports', async () => {
    expect((await report('usage', 'from=2026-03-02&to=2026-03-08', 'staff')).status).toBe(403);
  });

  test('a range backwards, too long, or both cafés and a district is a 400 naming the problem', async () => {
    const backwards = await report('usage', 'from=2026-03-08&to=2026-03-02');
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain('from must not be after to');
    expect((await report('usage', 'from=2024-01-01&to=2026-03-02')).status).toBe(400);
    const both = await report(
      'usage',
      `from=2026-03-02&to=2026-03-08&locations=${locationIds['DT-01']}&district=${districtIds.Downtown}`,
    );
    expect(both.status).toBe(400);
    expect(both.text).toContain('Name cafés or a district, not both');
  });
});

// Last, as it writes: a suggestion goes through Set PARs' own route, and comes back as the café's PAR.
describe('PAR health suggestions through Set PARs', () => {
  type ParRow = {
    locationId: number;
    productId: number;
    locationCode: string;
    par: number;
    locked: boolean;
    suggestedPar: number | null;
  };
  const parHealth = async (who: string) =>
    ((await report('par-health', 'from=2026-02-10&to=2026-03-10', who)).json as { rows: ParRow[] }).rows;

  test('every suggestion is a PAR Set PARs accepts', async () => {
    const rows = (await parHealth('admin')).filter((row) => row.suggestedPar !== null);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const body = {
        locationId: row.locationId,
        items: [{ productId: row.productId, par: row.suggestedPar }],
      };
      expect(updateParsBodySchema.safeParse(body).success).toBe(true);
    }
  });

  test('a manager applies one: locks refuse the batch, the rest is saved, audited and shown', async () => {
    const rows = await parHealth('manager');
    const open = rows.find(
      (row) => !row.locked && row.suggestedPar !== null && row.suggestedPar !== row.par,
    ) as ParRow;
    const locked = rows.find(
      (row) =>
        row.locationId === open.locationId &&
        row.productId !== open.productId &&
        row.suggestedPar !== null &&
        row.suggestedPar !== row.par,
    ) as ParRow;
    await db.query(
      'UPDATE location_products SET par_locked = true WHERE location_id = $1 AND product_id = $2',
      [locked.locationId, locked.productId],
    );
    const item = (row: ParRow) => ({ productId: row.productId, par: row.suggestedPar });
    const both = await call(app, 'PATCH', '/api/pars', {
      cookie: cookies.manager,
      body: { locationId: open.locationId, items: [item(open), item(locked)] },
    });
    expect(both.status).toBe(409);
    const still = await parHealth('manager');
    const find = (list: ParRow[], row: ParRow) =>
      list.find((one) => one.locationId === row.locationId && one.productId === row.productId);
    expect(find(still, open)?.par).toBe(open.par);

    const one = await call(app, 'PATCH', '/api/pars', {
      cookie: cookies.manager,
      body: { locationId: open.locationId, items: [item(open)] },
    });
    expect(one.status).toBe(200);
    expect(find(await parHealth('manager'), open)?.par).toBe(open.suggestedPar as number);
    const audits = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'par.update' AND entity_id = $1",
      [`${open.locationId}:${open.productId}`],
    );
    expect(audits[0]?.n).toBe(1);
  });
});
