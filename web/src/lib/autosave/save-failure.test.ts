import { describe, expect, test } from 'bun:test';
import { ApiRequestError } from '@web/lib/api-request.ts';
import {
  classifySaveFailure,
  OFFLINE_MESSAGE,
  REFUSED_FALLBACK,
  SIGNED_OUT_MESSAGE,
} from './save-failure.ts';

function answer(status: number, body?: unknown): ApiRequestError {
  return new ApiRequestError({
    status,
    statusText: 'Status',
    bodyText: body === undefined ? '' : JSON.stringify(body),
    method: 'POST',
    url: '/api/count-sessions/items',
  });
}

describe('a failed autosave', () => {
  test('no answer, 408, 429 and 5xx are tried again', () => {
    expect(classifySaveFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'retry',
      message: OFFLINE_MESSAGE,
    });
    for (const status of [408, 429, 500, 502, 503]) {
      expect(classifySaveFailure(answer(status)).kind).toBe('retry');
    }
  });

  test("a 4xx is a refusal carrying the server's message", () => {
    const message = 'The PAR of Oat Milk is locked. Only someone who manages PAR locks can change it.';
    expect(classifySaveFailure(answer(409, { code: 'par_locked', message }))).toEqual({
      kind: 'refused',
      message,
    });
    expect(classifySaveFailure(answer(400))).toEqual({ kind: 'refused', message: REFUSED_FALLBACK });
    expect(classifySaveFailure(answer(403, { code: 'forbidden', message: 'No access.' })).kind).toBe(
      'refused',
    );
  });

  test('the one item sent refused with its own reason: that reason, which follows its name on screen', () => {
    const body = {
      code: 'validation_failed',
      message: 'Cold Brew Filter Bags is no longer sold (retired by an administrator); nothing was saved.',
      details: [{ path: 'items.0.productId', message: 'no longer sold (retired by an administrator)' }],
    };
    expect(classifySaveFailure(answer(400, body))).toEqual({
      kind: 'refused',
      message: 'no longer sold (retired by an administrator)',
    });
    // Details about the whole request, or about several items, leave the whole answer's message.
    const whole = { ...body, details: [{ path: 'locationId', message: 'locationId is required' }] };
    expect(classifySaveFailure(answer(400, whole)).message).toBe(body.message);
  });

  test('a restarted count and an ended session stop saving instead of dropping the edits', () => {
    const changed = answer(409, {
      code: 'count_session_changed',
      message: 'This count was restarted.',
      details: { sentSessionId: 4, openSessionId: 9 },
    });
    expect(classifySaveFailure(changed)).toMatchObject({ kind: 'session_changed', openSessionId: 9 });
    expect(classifySaveFailure(answer(401, { code: 'unauthorized', message: 'Sign in' }))).toEqual({
      kind: 'unauthorized',
      message: SIGNED_OUT_MESSAGE,
    });
    // Another person signed in on this browser: the edits wait, and the person is told why in the server's words.
    const otherPerson = answer(401, {
      code: 'another_person_signed_in',
      message: 'Another person signed in.',
    });
    expect(classifySaveFailure(otherPerson)).toEqual({
      kind: 'unauthorized',
      message: 'Another person signed in.',
    });
  });

  /** The 409 of a PAR Oat Milk locked by Dana Reyes at `lockedAt`, at a café in `timezone`. */
  const lockedOatMilk = (lockedAt: string, timezone: string) =>
    answer(409, {
      code: 'par_locked',
      message:
        'The PAR of Oat Milk is locked. Only someone who manages PAR locks can change it; nothing was saved.',
      details: {
        lockedProducts: [
          { productId: 4, productName: 'Oat Milk', lockedBy: { id: 2, name: 'Dana Reyes' }, lockedAt },
        ],
        timezone,
      },
    });

  test('a locked PAR says who locked it and when, in plain words', () => {
    const refusal = lockedOatMilk('2026-11-25T14:02:00Z', 'UTC');
    expect(classifySaveFailure(refusal, new Date('2026-11-25T18:00:00Z'))).toEqual({
      kind: 'refused',
      message: 'Locked by Dana Reyes at 14:02',
    });
  });

  test("the lock's time is told on the café's clock, not the device's", () => {
    // 22:05 UTC on the 24th is 07:05 on the 25th in Tokyo.
    const refusal = lockedOatMilk('2026-11-24T22:05:00Z', 'Asia/Tokyo');
    expect(classifySaveFailure(refusal, new Date('2026-11-25T03:00:00Z'))).toEqual({
      kind: 'refused',
      message: 'Locked by Dana Reyes at 07:05',
    });
  });

  test('a refusal for good of any other kind (400, 403, 404, 409) is not retried', () => {
    for (const [status, code] of [
      [400, 'validation_failed'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [409, 'conflict'],
    ] as const) {
      expect(classifySaveFailure(answer(status, { code, message: 'No.' }))).toEqual({
        kind: 'refused',
        message: 'No.',
      });
    }
  });
});
