// `cdnctl __complete <path> [previous word]`: the names the server knows, for the completion scripts (issue 33
// item 8): delivery service xmlIds, cache host names, job ids. Quiet and empty when there is no session.
import type { Command } from 'commander';
import type { HttpClient } from '../../shared/client/http.js';
import { listDeliveryServices } from '../../shared/client/deliveryservices.js';
import { listServers } from '../../shared/client/servers.js';
import { listAllJobs } from '../../shared/client/jobs.js';
import { addVerb } from './common/verb.js';

export type ValueKind = 'ds' | 'hosts' | 'jobs';

const FLAG_KINDS: Record<string, ValueKind> = {
  '--ds': 'ds',
  '--deliveryservice': 'ds',
  '--host': 'hosts',
  '--hostname': 'hosts',
  '--job': 'jobs',
};

/** The leaf command at `path` (`ds get`), or null. */
function commandAt(program: Command, path: string): Command | null {
  let at: Command | undefined = program;
  for (const word of path.split(/\s+/).filter(Boolean)) at = at?.commands.find((c) => c.name() === word);
  return at && at !== program ? at : null;
}

/** What a word completes to: the value of a --ds/--host flag, else the first argument of the command at `path`. */
export function kindFor(program: Command, path: string, previous: string): ValueKind | null {
  if (previous.startsWith('--')) return FLAG_KINDS[previous] ?? null;
  const command = commandAt(program, path);
  const arg = command?.registeredArguments[0]?.name() ?? '';
  if (/xmlId|^ds$/i.test(arg)) return 'ds';
  if (/host/i.test(arg)) return 'hosts';
  if (path.split(/\s+/)[0] === 'jobs' && arg === 'id') return 'jobs';
  return null;
}

async function valuesOf(http: HttpClient, kind: ValueKind): Promise<string[]> {
  if (kind === 'ds') return (await listDeliveryServices(http)).response.map((ds) => ds.xmlId);
  if (kind === 'hosts') return (await listServers(http)).response.map((s) => s.hostName);
  return (await listAllJobs(http)).response.map((j) => String(j.id));
}

/** Registers the hidden `__complete` verb the bash, zsh and fish scripts call. */
export function registerCompletionValues(program: Command): void {
  addVerb(program, {
    name: '__complete <path> [previous]',
    description: 'Names for the completion scripts: delivery services, hosts, job ids',
    examples: ["cdnctl __complete -- 'ds get'", 'cdnctl __complete -- purge --ds'],
    hidden: true,
    run: async (inv, [path, previous = '']: string[]) => {
      const kind = kindFor(program, path, previous);
      if (!kind) return;
      // A completion never complains: no session, no server, no right to list: no names.
      const values = await inv
        .client()
        .then((http) => valuesOf(http, kind))
        .catch(() => []);
      if (values.length > 0) process.stdout.write(`${[...new Set(values)].sort().join('\n')}\n`);
    },
  });
}
