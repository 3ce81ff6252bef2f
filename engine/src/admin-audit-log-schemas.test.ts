import { describe, expect, test } from 'bun:test';
import {
  auditLogQuerySchema,
  decodeAuditCursor,
  encodeAuditCursor,
  productIdsKeyingMaps,
} from './admin-audit-log-schemas.ts';

const firstMessage = (value: unknown) => auditLogQuerySchema.safeParse(value).error?.issues[0]?.message;

describe('auditLogQuerySchema', () => {
  test('parses ids and times from the query string; a date alone is midnight UTC', () => {
    expect(
      auditLogQuerySchema.parse({
        actorId: '4',
        locationId: '12',
        from: '2026-03-01',
        to: '2026-03-02T06:00:00+02:00',
      }),
    ).toEqual({
      actorId: 4,
      locationId: 12,
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-02T04:00:00.000Z',
      limit: 50,
    });
  });

  test("a time without an offset is UTC, whatever the server's own time zone", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(
        auditLogQuerySchema.parse({ from: '2026-03-08T02:30', to: '2026-03-08 09:15:30' }),
      ).toMatchObject({
        from: '2026-03-08T02:30:00.000Z',
        to: '2026-03-08T09:15:30.000Z',
      });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  test('refuses bad values with a message naming the field', () => {
    expect(firstMessage({ actorId: 'me' })).toBe('actorId must be a whole number');
    expect(firstMessage({ limit: '500' })).toBe('limit must be at most 200');
    expect(firstMessage({ limit: '0' })).toBe('limit must be at least 1');
    expect(firstMessage({ from: 'yesterday' })).toBe(
      'from must be a date like 2026-03-01 or a time like 2026-03-01T08:00:00Z',
    );
    expect(firstMessage({ from: '2026-02-30' })).toBe('from is not a real date');
    expect(firstMessage({ from: '2026-03-02', to: '2026-03-01' })).toBe('from must be before to');
  });
});

describe('audit cursor', () => {
  test('round-trips the time to the microsecond and the id', () => {
    const cursor = { createdAt: '2026-03-01T08:00:00.123456Z', id: 42 };
    const text = encodeAuditCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeAuditCursor(text)).toEqual(cursor);
  });

  test('anything else is not a cursor', () => {
    expect(decodeAuditCursor('not a cursor')).toBeNull();
    expect(decodeAuditCursor(btoa('2026-03-01|1'))).toBeNull();
    expect(decodeAuditCursor(btoa("x' OR 1=1 --|1"))).toBeNull();
  });
});

describe('productIdsKeyingMaps', () => {
  test("a cart's quantities and a count's items, at any depth, each id once; lists and other maps are not keys", () => {
    expect(
      productIdsKeyingMaps(
        { quantities: { '12': 2, '14': null } },
        { fromOrder: 'DT-01', quantities: { '12': 3 }, nested: { items: { '7': { count: 1 } } } },
        {
          items: [{ productId: 99, count: 1 }],
          settings: { '5': true },
          quantities: { x: 1, '1234567890': 1 },
        },
        null,
      ).toSorted((a, b) => a - b),
    ).toEqual([7, 12, 14]);
  });
});
