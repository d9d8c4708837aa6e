import { Option, type Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import type { HttpClient } from '../../shared/client/http.js';
import {
  createOrigin,
  deleteOrigin,
  listOrigins,
  updateOrigin,
  type Origin,
  type OriginBody,
  type OriginFilter,
} from '../../shared/client/origins.js';
import { messageOutput, recordOutput, tableOutput, type Column } from '../output/format.js';
import { asId, port, positiveInt } from './common/parse.js';
import { deliveryServiceId, originLinkedId, profileId, tenantId } from './common/resolve.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';
import { writeOutput } from './common/write.js';

const API = { min: '1.3' } as const;

const COLUMNS: Column<Origin>[] = [
  { header: 'ID', value: (o) => o.id },
  { header: 'NAME', value: (o) => o.name },
  { header: 'DS', value: (o) => o.deliveryService },
  { header: 'PROTOCOL', value: (o) => o.protocol },
  { header: 'FQDN', value: (o) => o.fqdn },
  { header: 'PORT', value: (o) => o.port },
  { header: 'PRIMARY', value: (o) => o.isPrimary },
  { header: 'TENANT', value: (o) => o.tenant },
  { header: 'CACHEGROUP', value: (o) => o.cachegroup, wide: true },
  { header: 'PROFILE', value: (o) => o.profile, wide: true },
  { header: 'COORDINATE', value: (o) => o.coordinate, wide: true },
  { header: 'IPV4', value: (o) => o.ipAddress, wide: true },
  { header: 'IPV6', value: (o) => o.ip6Address, wide: true },
  { header: 'LAST UPDATED', value: (o) => o.lastUpdated, wide: true },
];

/** The flags that set an origin's fields; names are resolved to ids through the read endpoints. */
interface FieldFlags {
  name?: string;
  fqdn?: string;
  protocol?: string;
  ds?: string;
  port?: number;
  ip?: string;
  ip6?: string;
  cachegroup?: string;
  profile?: string;
  coordinate?: string;
  tenant?: string;
}

function fieldOptions(command: Command, required: boolean): Command {
  const option = (flags: string, text: string) =>
    required ? command.requiredOption(flags, text) : command.option(flags, text);
  option('--name <name>', 'origin name (no spaces)');
  option('--fqdn <fqdn>', 'host name of the origin server');
  command.addOption(
    new Option('--protocol <protocol>', 'http or https').choices(['http', 'https']).makeOptionMandatory(required),
  );
  option('--ds <xmlId|id>', 'delivery service it serves');
  return command
    .option('--port <port>', 'TCP port', port)
    .option('--ip <address>', 'IPv4 address')
    .option('--ip6 <address>', 'IPv6 address')
    .option('--cachegroup <name|id>', 'cache group (a name must be used by some origin already)')
    .option('--profile <name|id>', 'profile')
    .option('--coordinate <name|id>', 'coordinate (a name must be used by some origin already)')
    .option('--tenant <name|id>', "owning tenant (default: the delivery service's)");
}

/** Applies the given flags onto a body, resolving names to ids. */
async function applyFields(http: HttpClient, body: Partial<OriginBody>, flags: FieldFlags): Promise<void> {
  if (flags.name !== undefined) body.name = flags.name;
  if (flags.fqdn !== undefined) body.fqdn = flags.fqdn;
  if (flags.protocol !== undefined) body.protocol = flags.protocol;
  if (flags.port !== undefined) body.port = flags.port;
  if (flags.ip !== undefined) body.ipAddress = flags.ip;
  if (flags.ip6 !== undefined) body.ip6Address = flags.ip6;
  if (flags.ds !== undefined) body.deliveryServiceId = await deliveryServiceId(http, flags.ds);
  if (flags.cachegroup !== undefined) body.cachegroupId = await originLinkedId(http, 'cachegroup', flags.cachegroup);
  if (flags.coordinate !== undefined) body.coordinateId = await originLinkedId(http, 'coordinate', flags.coordinate);
  if (flags.profile !== undefined) body.profileId = await profileId(http, flags.profile);
  if (flags.tenant !== undefined) body.tenantId = await tenantId(http, flags.tenant);
}

/** The origin an id or name names. */
async function findOrigin(http: HttpClient, ref: string): Promise<Origin> {
  const id = asId(ref);
  const { response } = await listOrigins(http, id === null ? { name: ref } : { id });
  if (response.length === 0)
    throw new CliError(
      `origin "${ref}" not found (or not visible to you)`,
      EXIT.ERROR,
      'list them with: cdnctl origins list',
    );
  return response[0];
}

/** The writable fields of a stored origin, as a PUT body. */
function editableBody(o: Origin): OriginBody {
  return {
    id: o.id,
    name: o.name,
    fqdn: o.fqdn,
    protocol: o.protocol,
    deliveryServiceId: o.deliveryServiceId ?? 0,
    port: o.port,
    ipAddress: o.ipAddress,
    ip6Address: o.ip6Address,
    cachegroupId: o.cachegroupId,
    coordinateId: o.coordinateId,
    profileId: o.profileId,
    tenantId: o.tenantId,
  };
}

interface ListFlags {
  id?: number;
  name?: string;
  ds?: string;
  cachegroup?: string;
  coordinate?: string;
  profile?: string;
  tenant?: string;
  primary?: boolean;
}

async function filterFrom(http: HttpClient, flags: ListFlags): Promise<OriginFilter> {
  const filter: OriginFilter = { id: flags.id, name: flags.name, primary: flags.primary };
  if (flags.ds !== undefined) filter.deliveryservice = await deliveryServiceId(http, flags.ds);
  if (flags.cachegroup !== undefined) filter.cachegroup = await originLinkedId(http, 'cachegroup', flags.cachegroup);
  if (flags.coordinate !== undefined) filter.coordinate = await originLinkedId(http, 'coordinate', flags.coordinate);
  if (flags.profile !== undefined) filter.profileId = await profileId(http, flags.profile);
  if (flags.tenant !== undefined) filter.tenant = await tenantId(http, flags.tenant);
  return filter;
}

const listVerb: VerbSpec<ListFlags> = {
  name: 'list',
  description: 'List origins, optionally filtered',
  examples: [
    'cdnctl origins list',
    'cdnctl origins list --ds acme-vod --primary',
    'cdnctl origins list --tenant tenant-a -o json',
  ],
  api: API,
  configure: (c) =>
    c
      .option('--id <id>', 'only this origin', positiveInt)
      .option('--name <name>', 'only the origin with this name')
      .option('--ds <xmlId|id>', 'only origins of this delivery service')
      .option('--cachegroup <name|id>', 'only origins in this cache group')
      .option('--coordinate <name|id>', 'only origins at this coordinate')
      .option('--profile <name|id>', 'only origins with this profile')
      .option('--tenant <name|id>', 'only origins of this tenant')
      .option('--primary', 'only primary origins')
      .option('--no-primary', 'only secondary origins'),
  run: async (inv, _args, flags) => {
    const http = await inv.client();
    const { response } = await listOrigins(http, await filterFrom(http, flags));
    return tableOutput(response, response, COLUMNS, 'No origins found.');
  },
};

const getVerb: VerbSpec<object> = {
  name: 'get <id|name>',
  description: 'Show one origin',
  examples: ['cdnctl origins get 7', 'cdnctl origins get acme-vod-origin2 -o yaml'],
  api: API,
  run: async (inv, [ref]: string[]) => {
    const origin = await findOrigin(await inv.client(), ref);
    // -o json prints the API's response as it is: an array of one.
    return recordOutput([origin], Object.entries(origin));
  },
};

const createVerb: VerbSpec<FieldFlags> = {
  name: 'create',
  description: 'Create an origin (admin or operations role)',
  examples: [
    'cdnctl origins create --name acme-vod-origin2 --fqdn origin2.acme.example.net --protocol https --ds acme-vod --port 8443',
  ],
  api: API,
  configure: (c) => fieldOptions(c, true),
  run: async (inv, _args, flags) => {
    const http = await inv.client();
    const body: Partial<OriginBody> = {};
    await applyFields(http, body, flags);
    const result = await createOrigin(http, body as OriginBody);
    const o = result.response;
    return writeOutput(inv, result, `Created origin ${o.name} (id ${o.id}) for ${o.deliveryService}`, o);
  },
};

const updateVerb: VerbSpec<FieldFlags> = {
  name: 'update <id|name>',
  description: 'Change some fields of an origin; the others keep their values',
  examples: [
    'cdnctl origins update acme-vod-origin2 --port 443 --protocol https',
    'cdnctl origins update 7 --profile ORG_PROFILE1',
  ],
  api: API,
  configure: (c) => fieldOptions(c, false),
  run: async (inv, [ref]: string[], flags) => {
    if (Object.values(flags).every((v) => v === undefined)) {
      throw new CliError(
        'nothing to update: give at least one field flag',
        EXIT.USAGE,
        'see: cdnctl origins update --help',
      );
    }
    const http = await inv.client();
    const current = await findOrigin(http, ref);
    const body = editableBody(current);
    await applyFields(http, body, flags);
    // Unset fields stay unset: a null is left out rather than sent.
    const sent = Object.fromEntries(
      Object.entries(body).filter(([, value]) => value !== null),
    ) as unknown as OriginBody;
    const result = await updateOrigin(http, current.id, sent);
    const changed = Object.keys(flags)
      .filter((k) => flags[k as keyof FieldFlags] !== undefined)
      .join(', ');
    return writeOutput(
      inv,
      result,
      `Updated origin ${result.response.name} (id ${result.response.id}): ${changed}`,
      result.response,
    );
  },
};

const deleteVerb: VerbSpec<DestructiveFlags> = {
  name: 'delete <id|name>',
  description: 'Delete an origin (primary origins cannot be deleted); asks first on a terminal, needs --yes elsewhere',
  examples: [
    'cdnctl origins delete acme-vod-origin2',
    'cdnctl origins delete 7 --yes',
    'cdnctl origins delete acme-vod-origin2 --dry-run',
  ],
  api: API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [ref]: string[], flags) => {
    const http = await inv.client();
    const origin = await findOrigin(http, ref);
    const label = `origin ${origin.name} (id ${origin.id})${origin.deliveryService ? ` of ${origin.deliveryService}` : ''}`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, delete: origin }, `Would delete ${label}`);
    }
    await confirmDestructive(inv.printer, { description: `delete ${label}`, typeToConfirm: origin.name }, flags);
    const result = await deleteOrigin(http, origin.id);
    return writeOutput(inv, result, `Deleted ${label}`);
  },
};

/** `cdnctl origins list|get|create|update|delete` (API 1.3). */
export function registerOrigins(program: Command): void {
  const origins = addNoun(program, 'origins', 'The origin servers caches fetch content from (API 1.3)', [
    'cdnctl origins list --ds acme-vod',
  ]);
  addVerb(origins, listVerb);
  addVerb(origins, getVerb);
  addVerb(origins, createVerb);
  addVerb(origins, updateVerb);
  addVerb(origins, deleteVerb);
}
