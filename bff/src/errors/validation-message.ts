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

// zod's names of types, as a sentence says them: "note must be text", "styles must be an object".
const TYPE_WORDS: Record<string, string> = {
  object: 'an object',
  array: 'a list',
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  date: 'a date',
};

/** What a JSON value is, as a person would name it ("not null", "not text"). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return TYPE_WORDS[typeof value] ?? typeof value;
}

/**
 * A query parameter given twice arrives as a list where one value was expected; the schema's own sentence ("must
 * be a number", about what coercing the list made of it) would not say what went wrong.
 */
function repeatedParameter(issue: Issue, query: Readonly<Record<string, unknown>>): boolean {
  const [name, ...deeper] = issue.path;
  return (
    deeper.length === 0 &&
    (issue.code === 'invalid_union' || (issue.code === 'invalid_type' && issue.expected !== 'array')) &&
    Array.isArray(query[String(name)])
  );
}

/**
 * One sentence a person understands for one zod issue, naming the field when zod does not. `query`: the query
 * string as received, when the issue is about it.
 */
export function describeIssue(issue: Issue, query?: Readonly<Record<string, unknown>>): string {
  const field = fieldName(issue.path);
  if (query && repeatedParameter(issue, query)) return `${field} must be given once, not as a list`;
  // A field unknown inside a list's entry is named by where it is: "Unknown field: lines.0.qty".
  if (issue.code === 'unrecognized_keys' && field !== '') {
    const names = issue.keys.map((key) => `${field}.${key}`);
    return `Unknown field${names.length === 1 ? '' : 's'}: ${names.join(', ')}`;
  }
  if (!GENERIC_MESSAGE.test(issue.message)) return issue.message;
  if (field === '') {
    if (issue.code !== 'invalid_type') return `The request is not valid: ${issue.message}.`;
    if (isMissing(issue)) return EMPTY_BODY_MESSAGE;
    return `The request must be a JSON object, not ${kindOf(issue.input)}.`;
  }
  if (issue.code === 'invalid_type') {
    if (isMissing(issue)) return `${field} is required`;
    return `${field} must be ${TYPE_WORDS[issue.expected] ?? `of type ${issue.expected}`}`;
  }
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
  // A query parameter given twice arrives as a list where one value was expected.
  if ('input' in issue && Array.isArray(issue.input)) return `${field} must be given once, not as a list`;
  if (/^Invalid input/.test(issue.message)) return `${field} is not valid`;
  return `${field}: ${issue.message}`;
}

/** The details of a validation failure: one entry per field, for forms that mark fields. */
export function describeIssues(
  issues: readonly Issue[],
  query?: Readonly<Record<string, unknown>>,
): { path: string; message: string }[] {
  return issues.map((issue) => ({ path: fieldName(issue.path), message: describeIssue(issue, query) }));
}
