import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

// zod's own messages ("Invalid input: expected number, received string") do not say which field they are
// about; messages written in the engine schemas ("locationId must be a whole number") already do.
/** A JSON route called with no body at all (or an empty one): the same sentence however it was sent. */
export const EMPTY_BODY_MESSAGE = 'The request must be a JSON object, not empty.';

const GENERIC_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

function fieldName(path: readonly PropertyKey[]): string {
  return path.map((part) => String(part)).join('.');
}

// zod carries the offending input only when asked (`reportInput`); its message says "received undefined".
function isMissing(issue: Issue): boolean {
  return 'input' in issue ? issue.input === undefined : /received undefined$/.test(issue.message);
}

/** One sentence a person understands for one zod issue, naming the field when zod does not. */
export function describeIssue(issue: Issue): string {
  const field = fieldName(issue.path);
  if (!GENERIC_MESSAGE.test(issue.message)) return issue.message;
  if (field === '') {
    if (issue.code !== 'invalid_type') return `The request is not valid: ${issue.message}.`;
    if (isMissing(issue)) return EMPTY_BODY_MESSAGE;
    const received = Array.isArray(issue.input) ? 'a list' : typeof issue.input;
    return `The request must be a JSON object, not ${received}.`;
  }
  if (issue.code === 'invalid_type') {
    return isMissing(issue) ? `${field} is required` : `${field} must be a ${issue.expected}`;
  }
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
  return `${field}: ${issue.message}`;
}

/** The details of a validation failure: one entry per field, for forms that mark fields. */
export function describeIssues(issues: readonly Issue[]): { path: string; message: string }[] {
  return issues.map((issue) => ({ path: fieldName(issue.path), message: describeIssue(issue) }));
}
