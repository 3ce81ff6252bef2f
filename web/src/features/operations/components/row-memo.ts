/** Whether two flat objects hold the same values, field by field. */
export function sameFields(before: object, after: object): boolean {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = Object.keys(b);
  if (keys.length !== Object.keys(a).length) return false;
  return keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * Props comparison for list rows: every prop by identity, except `view`, compared field by field. A row's
 * view object is rebuilt on every render of the screen, but a row whose fields did not change need not
 * render again — which keeps scrolling and typing in long lists smooth.
 */
export function sameRowProps<P extends { view: object }>(previous: Readonly<P>, next: Readonly<P>): boolean {
  for (const key of Object.keys(next) as (keyof P)[]) {
    if (key === 'view') continue;
    if (!Object.is(previous[key], next[key])) return false;
  }
  return sameFields(previous.view, next.view);
}
