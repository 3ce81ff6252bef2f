/** Why Square gave no figures, in the words a screen shows. */
export type SquareFailureKind =
  | 'unauthorized'
  | 'rate_limited'
  | 'server_error'
  | 'timeout'
  | 'unreachable'
  | 'refused';

const PLAIN_WORDS: Record<SquareFailureKind, string> = {
  unauthorized:
    "Square refused Parstock's access token, so its figures cannot be shown. An administrator needs to check the Square connection.",
  rate_limited: 'Square asked Parstock to slow down (too many requests). Its figures will come back shortly.',
  server_error: 'Square is having trouble right now. Its figures will come back when it recovers.',
  timeout: 'Square did not answer in time. Its figures will come back when it answers again.',
  unreachable: 'Parstock cannot reach Square right now. Its figures will come back when it can.',
  refused: 'Square refused the request.',
};

/** A failed Square call, with Square's own message (never the token) and what to tell people. */
export class SquareFailure extends Error {
  constructor(
    readonly kind: SquareFailureKind,
    /** Square's own words (its error `detail`s), or what went wrong on the way. */
    readonly squareMessage: string,
    readonly status: number | null = null,
  ) {
    super(`${PLAIN_WORDS[kind]} (${squareMessage})`);
    this.name = 'SquareFailure';
  }

  get plainMessage(): string {
    return PLAIN_WORDS[this.kind];
  }

  /** The plain words, then Square's own when Square answered; what went wrong on the way when it did not. */
  get explained(): string {
    return this.status === null
      ? `${this.plainMessage} (${this.squareMessage})`
      : `${this.plainMessage} Square said: ${this.squareMessage}`;
  }
}
