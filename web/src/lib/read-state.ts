/**
 * What a screen may show of a read: its data once it has some, otherwise loading, or failed as soon as the
 * first attempt failed (the query keeps retrying behind the message). A screen never shows a default in
 * place of a read it does not have.
 */
export type ReadState = 'ready' | 'loading' | 'failed';

export function readStateOf(query: { data: unknown; isError: boolean; failureCount: number }): ReadState {
  if (query.data !== undefined) return 'ready';
  return query.isError || query.failureCount > 0 ? 'failed' : 'loading';
}
