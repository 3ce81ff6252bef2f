import { describe, expect, test } from 'bun:test';
import type { ReportRow } from '@engine/reports/report-definitions.ts';
import { ApiRequestError } from '@web/lib/api-request.ts';
import { applySuggestedPars, LOCKED_LEFT } from './apply-suggested-pars.ts';

function row(
  locationId: number,
  productId: number,
  par: number,
  suggestedPar: number | null,
): ReportRow<'par-health'> {
  return {
    locationId,
    productId,
    locationCode: `C-${locationId}`,
    locationName: `Café ${locationId}`,
    product: `Product ${productId}`,
    category: 'Dairy',
    par,
    locked: false,
    intervalsMeasured: 3,
    daysMeasured: 21,
    usage: 21,
    averageDailyUsage: 1,
    daysOfCover: par,
    verdict: 'too low',
    suggestedPar,
    capped: false,
  };
}

function refused(code: string, details?: unknown) {
  return new ApiRequestError({
    status: code === 'par_locked' ? 409 : 403,
    statusText: '',
    bodyText: JSON.stringify({ code, message: 'You cannot change PARs at this café.', details }),
    method: 'PATCH',
    url: '/api/pars',
  });
}

describe('applySuggestedPars', () => {
  test('sends one batch per café with each suggested PAR, and skips rows without a change', async () => {
    const sent: unknown[] = [];
    const outcomes = await applySuggestedPars(
      [row(1, 10, 4, 6), row(2, 11, 3, 1.5), row(1, 12, 2, 5), row(1, 13, 2, 2), row(1, 14, 2, null)],
      async (locationId, items) => {
        sent.push({ locationId, items });
      },
    );
    expect(sent).toEqual([
      {
        locationId: 1,
        items: [
          { productId: 10, par: 6 },
          { productId: 12, par: 5 },
        ],
      },
      { locationId: 2, items: [{ productId: 11, par: 1.5 }] },
    ]);
    expect([...outcomes]).toEqual([
      ['1:10', { status: 'applied', par: 6 }],
      ['1:12', { status: 'applied', par: 5 }],
      ['2:11', { status: 'applied', par: 1.5 }],
    ]);
  });

  test('a locked PAR is refused with who locked it; the café’s other rows are sent again without it', async () => {
    const sent: number[][] = [];
    const outcomes = await applySuggestedPars(
      [row(1, 10, 4, 6), row(1, 12, 2, 5)],
      async (_locationId, items) => {
        sent.push(items.map((item) => item.productId));
        if (items.some((item) => item.productId === 12))
          throw refused('par_locked', {
            lockedProducts: [
              {
                productId: 12,
                productName: 'Product 12',
                lockedBy: { id: 4, name: 'Dana Reyes' },
                lockedAt: '2026-03-01T14:02:00Z',
              },
            ],
            timezone: 'America/Chicago',
          });
      },
      new Date('2026-03-10T12:00:00Z'),
    );
    expect(sent).toEqual([[10, 12], [10]]);
    expect(outcomes.get('1:10')).toEqual({ status: 'applied', par: 6 });
    expect(outcomes.get('1:12')).toMatchObject({ status: 'refused' });
    const reason = (outcomes.get('1:12') as { reason: string }).reason;
    // On the café's clock: 14:02 UTC is 08:02 in Chicago.
    expect(reason).toStartWith('Locked by Dana Reyes on 2026-03-01 at 08:02');
    expect(reason).toEndWith('only someone who manages PAR locks can change it');
  });

  test('a PAR locked when the report was read is left as it is, even for someone whose role may change it', async () => {
    const sent: number[][] = [];
    const outcomes = await applySuggestedPars(
      [row(1, 10, 4, 6), { ...row(1, 12, 2, 5), locked: true }],
      async (_locationId, items) => {
        // A district manager's Set PARs would take the locked one: it must not be sent.
        sent.push(items.map((item) => item.productId));
      },
    );
    expect(sent).toEqual([[10]]);
    expect(outcomes.get('1:10')).toEqual({ status: 'applied', par: 6 });
    expect(outcomes.get('1:12')).toEqual({ status: 'refused', reason: LOCKED_LEFT });
  });

  test('any other refusal marks the café’s rows refused with the server’s message; other cafés go on', async () => {
    const outcomes = await applySuggestedPars([row(1, 10, 4, 6), row(2, 11, 3, 1.5)], async (locationId) => {
      if (locationId === 1) throw refused('forbidden');
    });
    expect(outcomes.get('1:10')).toEqual({
      status: 'refused',
      reason: 'You cannot change PARs at this café.',
    });
    expect(outcomes.get('2:11')).toEqual({ status: 'applied', par: 1.5 });
  });
});

test('a café with more suggestions than Set PARs takes at once is sent in batches of its size', async () => {
  const sizes: number[] = [];
  const rows = Array.from({ length: 501 }, (_, index) => row(1, index + 1, 1, 2));
  const outcomes = await applySuggestedPars(rows, async (_locationId, items) => {
    if (items.length > 500) throw refused('validation_failed');
    sizes.push(items.length);
  });
  expect(sizes).toEqual([500, 1]);
  expect([...outcomes.values()].every((outcome) => outcome.status === 'applied')).toBe(true);
});
