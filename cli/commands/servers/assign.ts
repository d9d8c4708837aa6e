import type { Command } from 'commander';
import { linkServersToDs, unlinkServerFromDs } from '../../../shared/client/server-links.js';
import { messageOutput } from '../../output/format.js';
import { findServer } from '../common/resolve-caches.js';
import { deliveryServiceId } from '../common/resolve.js';
import { collect } from '../common/parse.js';
import { addVerb } from '../common/verb.js';

interface AssignFlags {
  ds: string[];
  dryRun?: boolean;
}

/** `servers assign|unassign <host> --ds <xmlId>…`: which delivery services an EDGE serves (issue 30). */
export function registerServerAssign(servers: Command): void {
  for (const assign of [true, false]) {
    addVerb<AssignFlags, [string]>(servers, {
      name: `${assign ? 'assign' : 'unassign'} <host>`,
      description: assign
        ? 'Assign delivery services to an EDGE server (operations); queues an update on it'
        : 'Remove delivery services from an EDGE server (operations); queues an update on it',
      examples: [`cdnctl servers ${assign ? 'assign' : 'unassign'} edge-chi-01 --ds video --ds images`],
      api: { min: '1.1' },
      configure: (c) =>
        c
          .requiredOption('--ds <xmlId|id>', 'a delivery service (repeatable)', collect)
          .option('--dry-run', 'show what would change, change nothing'),
      run: async (inv, [host]: [string], flags) => {
        const http = await inv.client();
        const server = await findServer(http, host);
        const ids: Array<[string, number]> = [];
        for (const ds of flags.ds) ids.push([ds, await deliveryServiceId(http, ds)]);
        const names = flags.ds.join(', ');
        const verb = assign ? 'assign' : 'unassign';
        if (flags.dryRun) {
          inv.printer.note('dry run: nothing was changed');
          return messageOutput({ dryRun: true, server: server.hostName, [verb]: flags.ds }, `Would ${verb} ${names}`);
        }
        for (const [, id] of ids) {
          const result = assign
            ? await linkServersToDs(http, id, [server.id], false)
            : await unlinkServerFromDs(http, id, server.id);
          inv.printer.alerts(result.alerts?.filter((a) => a.level !== 'warning'));
        }
        const done = assign ? `Assigned ${names} to ${server.hostName}` : `Removed ${names} from ${server.hostName}`;
        return messageOutput({ server: server.hostName, [verb]: flags.ds }, done);
      },
    });
  }
}
