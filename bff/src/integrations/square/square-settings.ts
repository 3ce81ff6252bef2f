import { inspect } from 'node:util';

/**
 * A value that must never be printed: the Square access token. It stays out of logs, JSON answers, audit rows
 * and error messages because every way of turning it into text yields a placeholder; only the Square module
 * calls `reveal()`, to hand it to the SDK.
 */
export class SecretValue {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return '[secret]';
  }
  toJSON(): string {
    return '[secret]';
  }
  [inspect.custom](): string {
    return '[secret]';
  }
}

export type SquareEnvironmentName = 'sandbox' | 'production';

/**
 * How Parstock reaches Square, decided once at start-up from the environment:
 * - `account`: a real Square account (or any server at `baseUrl`) with the operator's token;
 * - `demo`: the embedded demo database with nothing configured: the in-process Square demo simulator;
 * - `off`: a real database and no token: Square is not connected and every screen says so.
 */
export type SquareSettings =
  | { mode: 'account'; token: SecretValue; environment: SquareEnvironmentName; baseUrl: string | undefined }
  | { mode: 'demo' }
  | { mode: 'off' };
