import type { z } from 'zod';

/**
 * The engine schema's verdict on a form, per field: the first message for each top-level field, and the
 * messages that belong to no one field (such as "Send at least one field to change.") under `form`.
 */
export function issuesByField(error: z.ZodError): { fields: Record<string, string>; form: string | null } {
  const fields: Record<string, string> = {};
  let form: string | null = null;
  for (const issue of error.issues) {
    const [field] = issue.path;
    if (field === undefined) form ??= issue.message;
    else fields[String(field)] ??= issue.message;
  }
  return { fields, form };
}
