import { useState } from 'react';

/** A form's values while they are being typed, and a setter for one field at a time. */
export function useDraft<Draft extends object>(initial: () => Draft) {
  const [draft, setDraft] = useState<Draft>(initial);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  return [draft, set] as const;
}
