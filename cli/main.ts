import { CommanderError } from 'commander';
import { ClientError, Unreachable } from '../shared/client/errors.js';
import { CliError, EXIT } from './errors.js';
import { buildProgram } from './program.js';

/**
 * A reader that went away (`cdnctl users list | head -1`) is not an error: stop quietly, as other CLIs do,
 * instead of dying on an unhandled EPIPE with a stack trace.
 */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(EXIT.OK);
    throw err;
  });
}

/** The global flags that take a value, and those that do not. */
const GLOBAL_WITH_VALUE = new Set(['--server', '--context', '--api-version', '-o', '--output']);
const GLOBAL_SWITCHES = new Set(['--no-color']);

/** True when argv holds global flags only (`--server URL`, `--context=prod`...): no command, no --help. */
export function onlyGlobalFlags(argv: string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (GLOBAL_SWITCHES.has(argv[i])) continue;
    if (!GLOBAL_WITH_VALUE.has(flag)) return false;
    if (inline === undefined) i += 1;
  }
  return true;
}

/** Runs cdnctl with `argv` (without node and script) and answers the exit code; never throws. */
export async function main(argv: string[]): Promise<number> {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  const program = buildProgram();
  // `cdnctl`, or `cdnctl --server URL` / `--context X` with no command, on a terminal: the home screen.
  if (onlyGlobalFlags(argv) && process.stdin.isTTY && process.stdout.isTTY) argv = [...argv, 'ui'];
  if (onlyGlobalFlags(argv)) {
    program.outputHelp();
    return EXIT.OK;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.OK;
  } catch (err) {
    return report(err);
  }
}

/** The exit code and hint of an error from the API client. */
export function fromClientError(err: ClientError): CliError {
  switch (err.code) {
    case 'CDNCTL_NOT_LOGGED_IN':
      return new CliError(err.message, EXIT.NOT_LOGGED_IN, 'run cdnctl login');
    case 'CDNCTL_FORBIDDEN':
      return new CliError(err.message, EXIT.FORBIDDEN, 'your role or tenant does not allow this');
    case 'CDNCTL_UNREACHABLE':
      return new CliError(
        err.message,
        EXIT.UNREACHABLE,
        err instanceof Unreachable && err.kind === 'tls'
          ? "trust the server's certificate (or its CA) with NODE_EXTRA_CA_CERTS=/path/to/cert.pem"
          : 'is the server running? (cdnctl daemon status, or check --server)',
      );
    case 'CDNCTL_VERSION_NOT_SERVED':
      return new CliError(
        err.message,
        EXIT.ERROR,
        'the server does not serve this API version; try an older --api-version',
      );
    default:
      return new CliError(err.message, EXIT.ERROR);
  }
}

function report(err: unknown): number {
  if (err instanceof CommanderError) {
    // Commander has printed its own message (or help) already.
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0)
      return EXIT.OK;
    return EXIT.USAGE;
  }
  const failure = err instanceof ClientError ? fromClientError(err) : err;
  if (failure instanceof CliError) {
    process.stderr.write(`error: ${failure.message}\n`);
    if (failure.hint) process.stderr.write(`hint: ${failure.hint}\n`);
    return failure.exitCode;
  }
  process.stderr.write(`error: ${(err as Error)?.message ?? String(err)}\n`);
  return EXIT.ERROR;
}
