import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors.js';
import { listServerChecks, queueServer, setServerStatus, type ServerCheck } from '../../../shared/client/servers.js';
import { messageOutput, tableOutput, type Column } from '../../output/format.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from '../common/confirm.js';
import { findServer } from '../common/resolve-caches.js';
import { statusAlertText } from '../../../shared/rules/server-status-text.js';
import { checkText } from '../../../shared/rules/server-checks.js';
import { addVerb, type VerbSpec } from '../common/verb.js';

const STATUSES = ['ONLINE', 'OFFLINE', 'REPORTED', 'ADMIN_DOWN', 'PRE_PROD'];
const OUT_OF_SERVICE = new Set(['OFFLINE', 'ADMIN_DOWN']);

/** A check as people read it (✓, ✗, `3 min`); -o json keeps Traffic Ops' numbers. */
const checkValue = (c: ServerCheck, name: string) => checkText(name, c.checks?.[name]);

/** The check columns: the daemon's own first, then any extension's. */
function checkColumns(rows: ServerCheck[]): Column<ServerCheck>[] {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.checks ?? {})))];
  const own = ['HTTP', 'CKIN', 'UPD'].filter((n) => names.includes(n));
  const ordered = [...own, ...names.filter((n) => !own.includes(n)).sort()];
  return [
    { header: 'HOST', value: (c) => c.hostName },
    { header: 'TYPE', value: (c) => c.type },
    { header: 'STATUS', value: (c) => c.adminState },
    { header: 'CACHEGROUP', value: (c) => c.cacheGroup },
    { header: 'UPD', value: (c) => (c.updPending ? 'pending' : '-') },
    { header: 'REVAL', value: (c) => (c.revalPending ? 'pending' : '-') },
    ...ordered.map((name): Column<ServerCheck> => ({ header: name, value: (c) => checkValue(c, name) })),
  ];
}

const serversStatus: VerbSpec<{ reason?: string } & DestructiveFlags, [string, string]> = {
  name: 'status <host> <STATUS>',
  description: `Set a server's status (${STATUSES.join(', ')}); OFFLINE and ADMIN_DOWN need --reason and a yes`,
  examples: [
    'cdnctl servers status edge-chi-03 ADMIN_DOWN --reason "disk swap" --yes',
    'cdnctl servers status edge-chi-03 REPORTED',
  ],
  api: { min: '1.1' },
  configure: (c) => destructiveOptions(c.option('--reason <text>', 'why it leaves service (OFFLINE, ADMIN_DOWN)')),
  run: async (inv, [host, status]: [string, string], flags) => {
    const wanted = status.toUpperCase();
    if (!STATUSES.includes(wanted))
      throw new CliError(`unknown status "${status}"`, EXIT.USAGE, `use one of ${STATUSES.join(', ')}`);
    if (OUT_OF_SERVICE.has(wanted) && !flags.reason) throw new CliError(`${wanted} needs --reason`, EXIT.USAGE);
    const http = await inv.client();
    const server = await findServer(http, host);
    const change = `set ${server.hostName} ${wanted}${OUT_OF_SERVICE.has(wanted) ? ' (it stops serving)' : ''}`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, server: server.hostName, status: wanted }, `Would ${change}`);
    }
    if (OUT_OF_SERVICE.has(wanted)) await confirmDestructive(inv.printer, { description: change }, flags);
    const result = await setServerStatus(http, server.id, wanted, flags.reason);
    inv.printer.alerts(result.alerts.map((a) => ({ ...a, text: statusAlertText(a.text, server.type) })));
    return messageOutput(result.body, '');
  },
};

const serversChecks: VerbSpec<{ host?: string }> = {
  name: 'checks',
  description: 'Readiness checks of every cache: HTTP port (✓/✗), minutes since check-in, keeping up (✓/✗), extensions',
  examples: ['cdnctl servers checks', 'cdnctl servers checks --host edge-chi-01 -o json'],
  api: { min: '1.1' },
  configure: (c) => c.option('--host <host>', 'only this server'),
  run: async (inv, _args, flags) => {
    const { response } = await listServerChecks(await inv.client(), { hostName: flags.host });
    return tableOutput(response, response, checkColumns(response), 'No caches found.');
  },
};

/** `servers status|queue|dequeue|checks`. */
export function registerServerOps(servers: Command): void {
  addVerb(servers, serversStatus);
  for (const queue of [true, false]) {
    addVerb<DestructiveFlags, [string]>(servers, {
      name: `${queue ? 'queue' : 'dequeue'} <host>`,
      description: queue
        ? 'Queue a configuration update on a server'
        : 'Clear a queued update of a server; asks first, or needs --yes off a terminal',
      examples: [`cdnctl servers ${queue ? 'queue' : 'dequeue --yes'} edge-chi-01`],
      api: { min: '1.1' },
      configure: (c) => (queue ? c : destructiveOptions(c, { dryRun: false })),
      run: async (inv, [host]: [string], flags) => {
        const http = await inv.client();
        const server = await findServer(http, host);
        if (!queue)
          await confirmDestructive(
            inv.printer,
            { description: `clear the queued update of ${server.hostName}` },
            flags,
          );
        const result = await queueServer(http, server.id, queue);
        return messageOutput(
          result.response,
          `${queue ? 'queued an update on' : 'cleared the queued update of'} ${server.hostName}`,
        );
      },
    });
  }
  addVerb(servers, serversChecks);
}
