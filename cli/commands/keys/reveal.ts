import { CliError } from '../../errors.js';

/** Secrets go to a terminal, or anywhere with --reveal; never silently into a pipe, a file or a log. */
export function mayReveal(flags: { reveal?: boolean }): boolean {
  return flags.reveal === true || process.stdout.isTTY === true;
}

/** Refuses to print secrets where `mayReveal` does not allow it. */
export function requireReveal(flags: { reveal?: boolean }, what: string): void {
  if (!mayReveal(flags)) {
    throw new CliError(
      `not printing ${what}: stdout is not a terminal`,
      undefined,
      'pass --reveal to print them anyway',
    );
  }
}
