import { describe, expect, test } from 'bun:test';
import { SENT_LATER, waitedWritesToast } from './waited-writes-toast.ts';

const dairy = {
  ok: true,
  title: 'Received the 9 lines from Valley Fresh Dairy on order DT-01-20261204-0001',
};
const roaster = { ok: true, title: 'Received the 3 lines from Ridge Roasters on order DT-01-20261204-0001' };
const refused = {
  ok: false,
  title: 'The order changed meanwhile',
  reason:
    'Dana Whitfield cancelled this order today at 07:50, after you opened it. Reload to see the latest.',
};

describe('waitedWritesToast', () => {
  test('nothing sent, nothing told', () => {
    expect(waitedWritesToast([])).toBeNull();
  });

  test('one change keeps its own toast: done, done by another hand first, or refused', () => {
    expect(waitedWritesToast([dairy])).toEqual({ title: dairy.title, description: SENT_LATER });
    expect(
      waitedWritesToast([
        { ok: true, title: 'Order DT-01-20261204-0001 is already approved', reason: 'Marcus…' },
      ]),
    ).toEqual({ title: 'Order DT-01-20261204-0001 is already approved', description: 'Marcus…' });
    expect(waitedWritesToast([refused])).toEqual({
      variant: 'destructive',
      title: refused.title,
      description: refused.reason,
    });
  });

  test('several done are told together, each named', () => {
    expect(waitedWritesToast([dairy, roaster])).toEqual({
      title: '2 order changes that waited on this device for the network went',
      description: `${dairy.title}; ${roaster.title}.`,
      duration: 10_000,
    });
  });

  test('a refusal among them is told first and in red, with what was done after it', () => {
    expect(waitedWritesToast([dairy, refused, roaster])).toEqual({
      variant: 'destructive',
      title: '1 order change of 3 that waited on this device was not made',
      description: `${refused.title}: ${refused.reason} Done: ${dairy.title}; ${roaster.title}.`,
      duration: 10_000,
    });
    expect(waitedWritesToast([refused, refused])).toMatchObject({
      title: '2 order changes of 2 that waited on this device were not made',
      description: `${refused.title}: ${refused.reason} ${refused.title}: ${refused.reason}`,
    });
  });
});
