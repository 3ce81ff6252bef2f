import { describe, expect, test } from 'bun:test';
import { BULK_APPROVAL_MAX, type BulkApprovalResponse } from '@engine/order-schemas.ts';
import { bulkApprove } from './bulk-approve.ts';

const orders = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, version: 1 }));

function approvingAll(sent: number[][]) {
  return async (part: readonly { id: number }[]): Promise<BulkApprovalResponse> => {
    sent.push(part.map((order) => order.id));
    const results = part.map((order) => ({
      orderId: order.id,
      ok: false as const,
      status: 409,
      code: 'order_changed',
      message: 'changed',
    }));
    return { results, approved: 0, failed: results.length };
  };
}

describe('bulkApprove', () => {
  test('a selection longer than one request may name goes in parts, and every order is reported once', async () => {
    const sent: number[][] = [];
    const answer = await bulkApprove({ orders: orders(201) }, approvingAll(sent));
    expect(sent.map((part) => part.length)).toEqual([BULK_APPROVAL_MAX, BULK_APPROVAL_MAX, 1]);
    expect(sent.flat()).toEqual(orders(201).map((order) => order.id));
    expect(answer.results.map((result) => result.orderId)).toEqual(sent.flat());
    expect(answer).toMatchObject({ approved: 0, failed: 201 });
  });

  test('a part with no answer: what went before stays reported, the rest is named as not sent', async () => {
    let calls = 0;
    const answer = await bulkApprove({ orders: orders(150) }, async (part) => {
      calls++;
      if (calls === 2) throw new TypeError('Failed to fetch');
      const results = part.map((order) => ({
        orderId: order.id,
        ok: true as const,
        order: { id: order.id } as never,
      }));
      return { results, approved: results.length, failed: 0 };
    });
    expect(answer).toMatchObject({ approved: 100, failed: 50 });
    const notSent = answer.results.filter((result) => !result.ok);
    expect(notSent.map((result) => result.orderId)).toEqual(
      orders(150)
        .slice(100)
        .map((order) => order.id),
    );
    expect(notSent[0]).toMatchObject({ code: 'not_sent', message: expect.stringMatching(/^Not sent: /) });
  });

  test('the first part with no answer: nothing was approved, and the error says why', async () => {
    await expect(
      bulkApprove({ orders: orders(3) }, async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).rejects.toThrow('Failed to fetch');
  });
});
