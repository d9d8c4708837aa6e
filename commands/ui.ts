import type { Command } from 'commander';
import { CliError, EXIT } from '../src/cli/errors.js';
import type { Invocation } from './common/invocation.js';
import { interactive } from './common/prompt.js';
import { addVerb } from './common/verb.js';

/** Opens the screens; logs in on a screen first when there is no session for the server. */
async function runUi(inv: Invocation): Promise<void> {
  if (!interactive() || !process.stdout.isTTY) {
    throw new CliError('the interactive screens need a terminal', EXIT.USAGE, 'every screen has a command instead, e.g. cdnctl origins list');
  }
  const server = inv.server().url;
  if (!(await inv.session(server))) {
    const { runLogin } = await import('./auth.js');
    const output = await runLogin(inv, [], {});
    await inv.printer.print(output);
    inv.reloadConfig();
  }
  const http = await inv.client();
  // Ink and React load here, only for the command that draws screens.
  const { runApp } = await import('../src/ui/wire.js');
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
