/**
 * A write admitted on a session's access read a moment earlier found that access changed since (decision 063):
 * nothing was written, and the caller reads the access afresh and decides again.
 */
export class AccessChangedError extends Error {
  constructor() {
    super('The access this write was admitted on has changed since it was read');
    this.name = 'AccessChangedError';
  }
}
