/** A failure the person at the terminal can act on: printed as one line on stderr, then the process exits non-zero. */
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}
