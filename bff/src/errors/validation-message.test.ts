import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { describeIssue } from './validation-message.ts';

const firstMessage = (schema: z.ZodType, value: unknown, query?: Record<string, unknown>): string => {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success || !result.error.issues[0]) throw new Error('expected a failure');
  return describeIssue(result.error.issues[0], query);
};

describe('describeIssue', () => {
  const body = z.object({ locationId: z.number(), note: z.string().max(3), count: z.number().min(0) });

  test('a missing field is "required"', () => {
    expect(firstMessage(body, { note: 'a', count: 1 })).toBe('locationId is required');
  });

  test('without the input reported, a missing field is still recognised from the message', () => {
    const result = body.safeParse({ note: 'a', count: 1 });
    const issue = result.success ? undefined : result.error.issues[0];
    if (!issue) throw new Error('expected a failure');
    expect(describeIssue(issue)).toBe('locationId is required');
  });

  test('a field of the wrong type says the type it must have', () => {
    expect(firstMessage(body, { locationId: 'x', note: 'a', count: 1 })).toBe('locationId must be a number');
  });

  test("zod's generic messages get the field name in front", () => {
    expect(firstMessage(body, { locationId: 1, note: 'abcd', count: 1 })).toMatch(/^note: Too big/);
  });

  test('messages written in the schema are kept as they are', () => {
    const custom = z.object({ count: z.number().min(0, 'A count cannot be negative') });
    expect(firstMessage(custom, { count: -1 })).toBe('A count cannot be negative');
  });

  test('a field unknown inside a list entry is named by where it is', () => {
    const lines = z.strictObject({ lines: z.array(z.strictObject({ productId: z.number() })) });
    expect(firstMessage(lines, { lines: [{ productId: 1 }, { productId: 2, qty: 0 }] })).toBe(
      'Unknown field: lines.1.qty',
    );
    expect(firstMessage(lines, { lines: [{ productId: 1, qty: 0, unit: 'L' }] })).toBe(
      'Unknown fields: lines.0.qty, lines.0.unit',
    );
  });

  test('a body that is not an object says so', () => {
    expect(firstMessage(body, undefined)).toBe('The request must be a JSON object, not empty.');
    expect(firstMessage(body, 'text')).toBe('The request must be a JSON object, not text.');
    expect(firstMessage(body, [1])).toBe('The request must be a JSON object, not a list.');
    expect(firstMessage(body, null)).toBe('The request must be a JSON object, not null.');
    expect(firstMessage(body, 3)).toBe('The request must be a JSON object, not a number.');
  });

  test('each type is named as a sentence says it', () => {
    const shapes = z.object({
      styles: z.object({}),
      note: z.string(),
      on: z.boolean(),
      ids: z.array(z.number()),
    });
    const fine = { styles: {}, note: '', on: true, ids: [] };
    expect(firstMessage(shapes, { ...fine, styles: 1 })).toBe('styles must be an object');
    expect(firstMessage(shapes, { ...fine, note: 1 })).toBe('note must be text');
    expect(firstMessage(shapes, { ...fine, on: 'yes' })).toBe('on must be true or false');
    expect(firstMessage(shapes, { ...fine, ids: 'x' })).toBe('ids must be a list');
  });

  test('a value given twice, and an input zod only calls invalid, name the field', () => {
    const query = z.object({ locationId: z.union([z.coerce.number().int(), z.literal('all')]) });
    expect(firstMessage(query, { locationId: ['2', '4'] })).toBe(
      'locationId must be given once, not as a list',
    );
    expect(firstMessage(query, { locationId: {} })).toBe('locationId is not valid');
  });

  test("a query parameter given twice says so, whatever the schema's own sentence", () => {
    const query = z.object({
      locationId: z.coerce.number({ error: 'locationId is required and must be a number' }),
      locations: z.array(z.coerce.number()).max(1, { error: 'Choose one café' }),
    });
    const twice = { locationId: ['2', '2'], locations: [] };
    expect(firstMessage(query, twice, twice)).toBe('locationId must be given once, not as a list');
    // A list the parameter may be keeps the schema's words; so does a body's field.
    const list = { locationId: '2', locations: ['1', '2'] };
    expect(firstMessage(query, list, list)).toBe('Choose one café');
    expect(firstMessage(query, { locationId: ['2', '2'], locations: [] })).toBe(
      'locationId is required and must be a number',
    );
  });
});
