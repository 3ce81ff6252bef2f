import { describe, expect, test } from 'bun:test';
import { ApiRequestError, errorMessageForPerson, UserFacingError } from '@web/lib/api-request.ts';
import { completionRefusalToast } from './refusal-toast.ts';

function refusal(status: number, body: unknown): ApiRequestError {
  return new ApiRequestError({
    status,
    statusText: '',
    bodyText: JSON.stringify(body),
    method: 'POST',
    url: '/api/count-completions/complete',
  });
}

describe('completionRefusalToast', () => {
  const already = refusal(409, {
    code: 'already_completed',
    message: 'This count was already completed by Priya Raman today at 07:50.',
    details: { title: 'Count Completed' },
  });

  test('a count completed first elsewhere is the plain toast, with its title and who and when', () => {
    expect(completionRefusalToast(already, 'Failed to complete count')).toEqual({
      variant: 'default',
      title: 'Count Completed',
      description: 'This count was already completed by Priya Raman today at 07:50.',
    });
  });

  test('the same refusal wrapped for a person is still told plainly', () => {
    const wrapped = new UserFacingError(already.body?.message ?? '', { status: 409, cause: already });
    expect(completionRefusalToast(wrapped, 'Failed to complete count').variant).toBe('default');
  });

  test('any other refusal is the red toast under its own title', () => {
    const guard = refusal(409, {
      code: 'reconfirmation_required',
      message: '2 items were edited after confirmation.',
      details: { title: 'Re-confirmation Required' },
    });
    expect(completionRefusalToast(guard, 'Failed to complete count')).toEqual({
      variant: 'destructive',
      title: 'Re-confirmation Required',
      description: '2 items were edited after confirmation.',
    });
  });

  test('a lost connection is the red toast under the failed title', () => {
    const lost = completionRefusalToast(new TypeError('Failed to fetch'), 'Could not clear the counts');
    expect(lost).toMatchObject({ variant: 'destructive', title: 'Could not clear the counts' });
    expect(lost.description).toBe(errorMessageForPerson(new TypeError('Failed to fetch')));
    expect(
      completionRefusalToast(
        new TypeError('Failed to fetch'),
        'Failed to complete count',
        'Failed to complete count',
      ),
    ).toMatchObject({ description: 'Failed to complete count' });
  });
});
