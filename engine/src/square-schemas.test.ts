import { describe, expect, test } from 'bun:test';
import {
  mapSquareLocationBodySchema,
  mapSquareVariationBodySchema,
  squareSettingsBodySchema,
} from './square-schemas.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('Square admin writes', () => {
  test('the variance threshold is required, a number, and comes alone', () => {
    expect(squareSettingsBodySchema.parse({ varianceThreshold: 2.5 })).toEqual({ varianceThreshold: 2.5 });
    expect(firstMessage(squareSettingsBodySchema.safeParse({}))).toBe('varianceThreshold is required');
    expect(firstMessage(squareSettingsBodySchema.safeParse({ varianceThreshold: '2' }))).toBe(
      'varianceThreshold must be a number',
    );
    expect(firstMessage(squareSettingsBodySchema.safeParse({ varianceThreshold: 2, x: 1 }))).toBe(
      'Unknown field: x',
    );
  });

  test('a mapping names its Square id and nothing else', () => {
    expect(mapSquareLocationBodySchema.parse({ squareLocationId: null })).toEqual({ squareLocationId: null });
    expect(firstMessage(mapSquareLocationBodySchema.safeParse({ squareLocationId: 'L1', name: 'x' }))).toBe(
      'Unknown field: name',
    );
    expect(
      firstMessage(mapSquareVariationBodySchema.safeParse({ squareVariationId: 'V1', sku: 'a', upc: 'b' })),
    ).toBe('Unknown fields: sku, upc');
  });
});
