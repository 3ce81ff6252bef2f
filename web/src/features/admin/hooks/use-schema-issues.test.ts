import { describe, expect, test } from 'bun:test';
import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { useSchemaIssues } from './use-schema-issues.ts';

const schema = z
  .object({ name: z.string().min(1, 'Name is required.'), code: z.string().optional() })
  .refine((body) => body.code !== 'XX', { error: 'XX is reserved.' });

describe('useSchemaIssues', () => {
  test('a refused form keeps a message per field and answers null', () => {
    const { result } = renderHook(() => useSchemaIssues());
    let body: unknown = 'unset';
    act(() => {
      body = result.current.check(schema, { name: '' });
    });
    expect(body).toBeNull();
    expect(result.current.issues).toEqual({ name: 'Name is required.' });
  });

  test('a message for no one field is the form’s', () => {
    const { result } = renderHook(() => useSchemaIssues());
    act(() => {
      result.current.check(schema, { name: 'North', code: 'XX' });
    });
    expect(result.current.issues).toEqual({});
    expect(result.current.formProblem).toBe('XX is reserved.');
  });

  test('an accepted form clears the earlier verdict and answers the parsed body', () => {
    const { result } = renderHook(() => useSchemaIssues());
    act(() => {
      result.current.check(schema, { name: '' });
    });
    let body: unknown;
    act(() => {
      body = result.current.check(schema, { name: 'North' });
    });
    expect(body).toEqual({ name: 'North' });
    expect(result.current.issues).toEqual({});
    expect(result.current.formProblem).toBeNull();
  });
});
