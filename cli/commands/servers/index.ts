import type { Command } from 'commander';
import { createServer, deleteServer, listServers, updateServer, type Server } from '../../../shared/client/servers.js';
import { messageOutput, recordOutput, tableOutput, type Column } from '../../output/format.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from '../common/confirm.js';
import { asId, port } from '../common/parse.js';
import { cdnId, findServer } from '../common/resolve-caches.js';
import { deliveryServiceId } from '../common/resolve.js';
import { registerServerOps } from './ops.js';
import { registerServerAgents } from './agents.js';
import { registerServerAssign } from './assign.js';
import { extraBody, extraFieldOptions, extrasFromRecord, type ExtraFlags } from './fields.js';
import { writeOutput } from '../common/write.js';
import { addNoun, addVerb, type VerbSpec } from '../common/verb.js';

export const SERVER_COLUMNS: Column<Server>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'HOST', value: (s) => s.hostName },
  { header: 'TYPE', value: (s) => s.type },
  { header: 'STATUS', value: (s) => s.status },
  { header: 'CACHEGROUP', value: (s) => s.cachegroup },
  { header: 'CDN', value: (s) => s.cdnName },
  { header: 'UPD', value: (s) => (s.updPending ? 'pending' : '-') },
  { header: 'REVAL', value: (s) => (s.revalPending ? 'pending' : '-') },
  { header: 'LAST CHECK-IN', value: (s) => s.lastCheckIn ?? 'never' },
  { header: 'IPV4', value: (s) => s.ipAddress, wide: true },
  { header: 'PORT', value: (s) => s.tcpPort, wide: true },
  { header: 'PROFILE', value: (s) => s.profile, wide: true },
  { header: 'OFFLINE REASON', value: (s) => s.offlineReason, wide: true },
  { header: 'LOCATION', value: (s) => s.physLocation, wide: true },
  { header: 'RACK', value: (s) => s.rack, wide: true },
  {
    header: 'AGENT ERROR',
    value: (s) => (s.agentError ? `${s.agentErrorTime ?? ''} ${s.agentError}`.trim() : ''),
    wide: true,
  },
];

const recordFields = (s: Server): Array<[string, unknown]> => SERVER_COLUMNS.map((c) => [c.header, c.value(s)]);

interface ServerFlags extends ExtraFlags {
  domain?: string;
  cachegroup?: string;
  cdn?: string;
  profile?: string;
  type?: string;
  status?: string;
  reason?: string;
  ip?: string;
  ip6?: string;
  tcpPort?: number;
  httpsPort?: number;
  yes?: boolean;
}

/** The API body for the flags given: references go by name (or by id when a number is given). */
function bodyOf(host: string, flags: ServerFlags, base: Record<string, unknown> = {}): Record<string, unknown> {
  const ref = (idKey: string, nameKey: string, value: string | undefined) =>
    value === undefined
      ? {}
      : asId(value) === null
        ? { [idKey]: undefined, [nameKey]: value }
        : { [idKey]: asId(value), [nameKey]: undefined };
  return {
    ...base,
    ...extraBody(flags),
    hostName: host,
    ...(flags.domain === undefined ? {} : { domainName: flags.domain }),
    ...ref('cachegroupId', 'cachegroup', flags.cachegroup),
    ...ref('cdnId', 'cdnName', flags.cdn),
    ...ref('profileId', 'profile', flags.profile),
    ...ref('typeId', 'type', flags.type),
    ...(flags.status === undefined ? {} : { status: flags.status }),
    ...(flags.reason === undefined ? {} : { offlineReason: flags.reason }),
    ...(flags.ip === undefined ? {} : { ipAddress: flags.ip }),
    ...(flags.ip6 === undefined ? {} : { ip6Address: flags.ip6 }),
    ...(flags.tcpPort === undefined ? {} : { tcpPort: flags.tcpPort }),
    ...(flags.httpsPort === undefined ? {} : { httpsPort: flags.httpsPort }),
  };
}

/** What PUT needs from a listed record: the whole server, references by id. */
const bodyFromRecord = (s: Server): Record<string, unknown> => ({
  hostName: s.hostName,
  domainName: s.domainName,
  tcpPort: s.tcpPort,
  httpsPort: s.httpsPort,
  interfaceName: s.interfaceName,
  interfaceMtu: s.interfaceMtu,
  ipAddress: s.ipAddress,
  ipNetmask: s.ipNetmask,
  ipGateway: s.ipGateway,
  ip6Address: s.ip6Address,
  ip6Gateway: s.ip6Gateway,
  status: s.status,
  offlineReason: s.offlineReason,
  cachegroupId: s.cachegroupId,
  cdnId: s.cdnId,
  profileId: s.profileId,
  typeId: s.typeId,
  ...extrasFromRecord(s),
});

const fieldOptions = (c: Command) =>
  c
    .option('--domain <name>', 'domain name (the FQDN is <host>.<domain>)')
    .option('--cachegroup <name|id>', 'cache group')
    .option('--cdn <name|id>', 'CDN')
    .option('--profile <name|id>', 'profile')
    .option('--type <EDGE|MID>', 'server type')
    .option('--status <status>', 'ONLINE, OFFLINE, REPORTED, ADMIN_DOWN or PRE_PROD')
    .option('--reason <text>', 'offline reason (required for OFFLINE and ADMIN_DOWN)')
    .option('--ip <address>', 'IPv4 address')
    .option('--ip6 <address>', 'IPv6 address')
    .option('--tcp-port <port>', 'HTTP port', port)
    .option('--https-port <port>', 'HTTPS port', port)
    .addHelpText('after', '\nEvery other 1.x field has a flag below, or comes from --from-file.');
const allFieldOptions = (c: Command) => extraFieldOptions(fieldOptions(c));

const serversList: VerbSpec<{ cdn?: string; cachegroup?: string; type?: string; status?: string; ds?: string }> = {
  name: 'list',
  description: 'List servers with their status, pending flags and last check-in',
  examples: ['cdnctl servers list', 'cdnctl servers list --status REPORTED --type MID -o wide'],
  api: { min: '1.1' },
  configure: (c) =>
    c
      .option('--cdn <name|id>', 'only this CDN')
      .option('--cachegroup <id>', 'only this cache group (id)')
      .option('--type <type>', 'EDGE or MID')
      .option('--status <status>', 'only this status')
      .option('--ds <xmlId|id>', 'only caches assigned to this delivery service'),
  run: async (inv, _args, flags) => {
    const http = await inv.client();
    const query = {
      cdn: flags.cdn === undefined ? undefined : await cdnId(http, flags.cdn),
      cachegroup: flags.cachegroup,
      type: flags.type,
      status: flags.status,
      dsId: flags.ds === undefined ? undefined : await deliveryServiceId(http, flags.ds),
    };
    const { response } = await listServers(http, query);
    return tableOutput(response, response, SERVER_COLUMNS, 'No servers found.');
  },
};

const serversGet: VerbSpec<object, [string]> = {
  name: 'get <host>',
  description: 'Show one server by host name or id',
  examples: ['cdnctl servers get edge-chi-01'],
  api: { min: '1.1' },
  run: async (inv, [host]: [string]) => {
    const server = await findServer(await inv.client(), host);
    return recordOutput(server, recordFields(server));
  },
};

const serversCreate: VerbSpec<ServerFlags, [string]> = {
  name: 'create <host>',
  description: 'Add a server (operations)',
  examples: [
    'cdnctl servers create edge-chi-04 --domain na.mycdn.example.net --cachegroup edge-chicago --cdn cdn-na --profile EDGE_ATS_NA --type EDGE --ip 192.0.2.24',
  ],
  api: { min: '1.1' },
  configure: allFieldOptions,
  run: async (inv, [host]: [string], flags) => {
    const result = await createServer(await inv.client(), bodyOf(host, flags));
    inv.printer.alerts(result.alerts);
    return recordOutput(result.response, recordFields(result.response));
  },
};

const serversUpdate: VerbSpec<ServerFlags, [string]> = {
  name: 'update <host>',
  description: 'Change a server: only the fields given change (operations)',
  examples: ['cdnctl servers update edge-chi-01 --tcp-port 8080'],
  api: { min: '1.1' },
  configure: (c) => allFieldOptions(c).option('--rename <host>', 'a new host name'),
  run: async (inv, [host]: [string], flags: ServerFlags & { rename?: string }) => {
    const http = await inv.client();
    const server = await findServer(http, host);
    const result = await updateServer(
      http,
      server.id,
      bodyOf(flags.rename ?? server.hostName, flags, bodyFromRecord(server)),
    );
    inv.printer.alerts(result.alerts);
    return recordOutput(result.response, recordFields(result.response));
  },
};

const serversDelete: VerbSpec<DestructiveFlags, [string]> = {
  name: 'delete <host>',
  description: 'Delete a server (operations); asks you to type its host name, or needs --yes off a terminal',
  examples: [
    'cdnctl servers delete edge-old-01',
    'cdnctl servers delete edge-old-01 --yes',
    'cdnctl servers delete edge-old-01 --dry-run',
  ],
  api: { min: '1.1' },
  configure: (c) => destructiveOptions(c),
  run: async (inv, [host]: [string], flags) => {
    const http = await inv.client();
    const server = await findServer(http, host);
    const label = `server ${server.hostName} (${server.type}, ${server.status})`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, delete: server }, `Would delete ${label}`);
    }
    await confirmDestructive(inv.printer, { description: `delete ${label}`, typeToConfirm: server.hostName }, flags);
    const result = await deleteServer(http, server.id);
    return writeOutput(inv, result, `Deleted ${label}`);
  },
};

/** `cdnctl servers …`: the caches of the CDNs. */
export function registerServers(program: Command): void {
  const servers = addNoun(program, 'servers', 'Caches (EDGE and MID servers): status, queued updates, checks', [
    'cdnctl servers list --cdn cdn-na --type EDGE',
    'cdnctl servers status edge-chi-03 ADMIN_DOWN --reason "disk swap" --yes',
  ]);
  addVerb(servers, serversList);
  addVerb(servers, serversGet);
  addVerb(servers, serversCreate);
  addVerb(servers, serversUpdate);
  addVerb(servers, serversDelete);
  registerServerOps(servers);
  registerServerAgents(servers);
  registerServerAssign(servers);
}
