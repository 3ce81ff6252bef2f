/**
 * The latest time the server gave among what a count screen shows: the count's last clear and every item's typing
 * time (a confirmation stamps the server's own). A number typed on the screen afterwards must come later than all of
 * them, whatever the phone's clock says; null when the screen shows none.
 */
export function latestServerTime(
  answer:
    | {
        countSession: { clearedAt: string | null } | null;
        items: readonly { typedAt: string | null }[];
      }
    | undefined,
): string | null {
  if (!answer) return null;
  let latest: string | null = null;
  let latestMs = Number.NEGATIVE_INFINITY;
  const consider = (iso: string | null) => {
    const at = iso === null ? Number.NaN : Date.parse(iso);
    if (at > latestMs) {
      latestMs = at;
      latest = iso;
    }
  };
  consider(answer.countSession?.clearedAt ?? null);
  for (const item of answer.items) consider(item.typedAt);
  return latest;
}
