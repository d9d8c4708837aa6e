/** Exit codes, as the README documents them. */
export const EXIT = {
  OK: 0,
  ERROR: 1,
  USAGE: 2,
  UNREACHABLE: 3,
  NOT_LOGGED_IN: 4,
  FORBIDDEN: 5,
} as const;

/** A failure meant for the user: one line, an optional hint, and the exit code it ends with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.ERROR,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
