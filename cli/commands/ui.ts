import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import { NotLoggedIn } from '../../shared/client/errors.js';
import { currentUser } from '../../shared/client/users.js';
import type { Invocation } from './common/invocation.js';
import { interactive } from './common/prompt.js';
import { addVerb } from './common/verb.js';

/** True when there is a session for the server and the server still accepts it. */
async function liveSession(inv: Invocation, server: string): Promise<boolean> {
  const session = await inv.session(server);
  if (!session) return false;
  // A cookie passed in CDNCTL_SESSION is the caller's to renew: use it, and let a refusal say so.
  if (session.source === 'env') return true;
  try {
    await currentUser(await inv.client());
    return true;
  } catch (err) {
    if (err instanceof NotLoggedIn) return false;
    throw err;
  }
}

/** Opens the screens; logs in on the login screen first when there is no live session for the server. */
async function runUi(inv: Invocation): Promise<void> {
  if (!interactive() || !process.stdout.isTTY) {
    throw new CliError(
      'the interactive screens need a terminal',
      EXIT.USAGE,
      'every screen has a command instead, e.g. cdnctl origins list',
    );
  }
  const server = inv.server().url;
  if (!(await liveSession(inv, server))) {
    const { runLogin } = await import('./auth.js');
    await inv.printer.print(await runLogin(inv, [], {}));
    inv.reloadConfig();
  }
  const http = await inv.client();
  // Ink and React load here, only for the command that draws screens.
  const { runApp } = await import('../ui/wire.js');
  await runApp(http, { server, apiVersion: http.version });
}

/** `cdnctl ui`: the interactive screens (also what `cdnctl` alone opens on a terminal). */
export function registerUi(program: Command): void {
  addVerb(program, {
    name: 'ui',
    description: 'Open the interactive screens: delivery services, purge, jobs, origins, federations, users, profiles',
    examples: ['cdnctl ui', 'cdnctl            # the same, on a terminal', 'cdnctl ui --context prod'],
    api: { min: '1.1', preferred: '1.3' },
    run: runUi,
  });
}
