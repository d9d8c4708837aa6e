import { CommanderError } from 'commander';
import { CliError, EXIT } from './errors.js';
import { buildProgram } from './program.js';

/** Runs cdnctl with `argv` (without node and script) and answers the exit code; never throws. */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.OK;
  } catch (err) {
    return report(err);
  }
}

function report(err: unknown): number {
  if (err instanceof CommanderError) {
    // Commander has printed its own message (or help) already.
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0) return EXIT.OK;
    return EXIT.USAGE;
  }
  if (err instanceof CliError) {
    process.stderr.write(`error: ${err.message}\n`);
    if (err.hint) process.stderr.write(`hint: ${err.hint}\n`);
    return err.exitCode;
  }
  process.stderr.write(`error: ${(err as Error)?.message ?? String(err)}\n`);
  return EXIT.ERROR;
}
