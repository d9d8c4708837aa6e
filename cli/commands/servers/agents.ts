import type { Command } from 'commander';
import { serverAgents, setServerAgents } from '../../../shared/client/servers.js';
import { recordOutput } from '../../output/format.js';
import { findServer } from '../common/resolve-caches.js';
import { addVerb } from '../common/verb.js';

/**
 * `servers agents <host> [--set a,b]`: the logins that speak for a cache (issue 28). Only they check in for it and
 * read its key-store files; an admin of the root tenant sets them (logged in the change log).
 */
export function registerServerAgents(servers: Command): void {
  addVerb<{ set?: string }, [string]>(servers, {
    name: 'agents <host>',
    description: 'Show or set the logins that check in for a server (its agents) and read its key files (admin)',
    examples: [
      'cdnctl servers agents edge-chi-01',
      'cdnctl servers agents edge-chi-01 --set ort-edge-chi-01',
      "cdnctl servers agents edge-chi-01 --set ''",
    ],
    api: { min: '1.1' },
    configure: (c) =>
      c.option('--set <users>', "comma-separated usernames that replace the server's agents ('' for none)"),
    run: async (inv, [host]: [string], flags) => {
      const http = await inv.client();
      const server = await findServer(http, host);
      if (flags.set === undefined) {
        const { response } = await serverAgents(http, server.id);
        return recordOutput(response, [
          ['host', response.hostName],
          ['agents', response.usernames.join(', ') || '(none)'],
        ]);
      }
      const usernames = flags.set
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u !== '');
      const result = await setServerAgents(http, server.id, usernames);
      inv.printer.alerts(result.alerts);
      const { response } = result;
      return recordOutput(response, [
        ['host', response.hostName],
        ['agents', response.usernames.join(', ') || '(none)'],
      ]);
    },
  });
}
