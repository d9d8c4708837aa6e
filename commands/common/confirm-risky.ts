import { CliError, EXIT } from '../../src/cli/errors.js';
import type { Invocation } from './invocation.js';
import { confirm, interactive } from './prompt.js';

/**
 * A change that takes something out of service (a delete, OFFLINE, ADMIN_DOWN) needs a yes: `--yes`, or an
 * answer on a terminal. Off a terminal without `--yes` it is a usage error (exit 2) and nothing is sent.
 */
export async function confirmRisky(inv: Invocation, what: string, yes: boolean | undefined): Promise<void> {
  if (yes) return;
  if (!interactive()) throw new CliError(`${what}: not confirmed`, EXIT.USAGE, 'pass --yes to confirm (no terminal to ask on)');
  inv.printer.warn(what);
  if (!(await confirm('Go ahead?'))) throw new CliError('cancelled; nothing was sent', EXIT.ERROR);
}
