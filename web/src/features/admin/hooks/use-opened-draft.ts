import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The draft of an editor that saves a whole object or list (the styles, the tabs), and the copy it was opened from,
 * which the save sends as `basedOn`: another administrator's change since is refused, not put back (decision 120).
 * A read bringing someone else's change replaces an untouched draft. A draft with edits keeps them until its save is
 * refused for that change (`refused()`); the next read then replaces it, to decide again from. `toDraft` and
 * `changed` must keep their identity between renders (module-level functions).
 */
export function useOpenedDraft<S, D>(
  saved: S | undefined,
  toDraft: (saved: S) => D,
  changed: (opened: S, draft: D) => boolean,
  empty: D,
) {
  const [opened, setOpened] = useState<S | undefined>(saved);
  const [draft, setDraft] = useState<D>(() => (saved === undefined ? empty : toDraft(saved)));
  const dirty = opened !== undefined && changed(opened, draft);
  const keep = useRef({ dirty, refused: false });
  keep.current.dirty = dirty;

  /** Starts again from `next`: what was saved, or what is stored now. */
  const reset = useCallback(
    (next: S) => {
      setOpened(next);
      setDraft(toDraft(next));
    },
    [toDraft],
  );

  useEffect(() => {
    if (saved === undefined || (keep.current.dirty && !keep.current.refused)) return;
    keep.current.refused = false;
    reset(saved);
  }, [saved, reset]);

  const refused = useCallback(() => {
    keep.current.refused = true;
  }, []);

  return { opened, draft, setDraft, dirty, reset, refused };
}
