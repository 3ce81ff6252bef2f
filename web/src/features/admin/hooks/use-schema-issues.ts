import { issuesByField } from '@web/features/admin/form-issues.ts';
import { useState } from 'react';
import type { z } from 'zod';

/**
 * Judges a form's values with an engine schema before they are sent, and keeps the verdict to show: a
 * message per field, and one for the form as a whole. `check` answers the parsed body, or null when refused.
 */
export function useSchemaIssues() {
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);

  function check<Body>(schema: z.ZodType<Body>, values: unknown): Body | null {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const found = issuesByField(parsed.error);
      setIssues(found.fields);
      setFormProblem(found.form);
      return null;
    }
    setIssues({});
    setFormProblem(null);
    return parsed.data;
  }

  return { issues, formProblem, check };
}
