import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors.js';
import type { HttpClient } from '../../../shared/client/http.js';
import { listCdns } from '../../../shared/client/cdns.js';
import { messageOutput, type Output } from '../../output/format.js';
import { asId, collect } from '../common/parse.js';
import { profileId, tenantId } from '../common/resolve.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from '../common/confirm.js';
import type { Invocation } from '../common/invocation.js';
import { addVerb, type VerbSpec } from '../common/verb.js';
import { writeOutput } from '../common/write.js';

/** Writes speak 1.5, whose body carries every field of Traffic Ops 1.x (older daemons: down to 1.1). */
const API = { min: '1.1', preferred: '1.5' } as const;

type Body = Record<string, unknown>;

/** The flags that set fields; `--set key=value` sets any other field (the value read as JSON when it parses). */
interface FieldFlags {
  fromFile?: string;
  xmlId?: string;
  displayName?: string;
  cdn?: string;
  type?: string;
  tenant?: string;
  origin?: string;
  protocol?: string;
  routingName?: string;
  profile?: string;
  active?: boolean;
  set?: string[];
  dryRun?: boolean;
}

/** What a new delivery service has unless the file or the flags say otherwise (Traffic Portal's defaults). */
const CREATE_DEFAULTS: Body = {
  active: true,
  dscp: 0,
  geoLimit: 0,
  geoProvider: 0,
  logsEnabled: false,
  regionalGeoBlocking: false,
  initialDispersion: 1,
  ipv6RoutingEnabled: false,
  protocol: 0,
  missLat: 0,
  missLong: 0,
  multiSiteOrigin: false,
  qstringIgnore: 0,
  rangeRequestHandling: 0,
  routingName: 'cdn',
};

const PROTOCOLS: Record<string, number> = { http: 0, https: 1, both: 2, 'redirect-to-https': 3 };

function fieldOptions(command: Command): Command {
  return command
    .option('-f, --from-file <file>', 'read the fields from a JSON or YAML file (flags override it)')
    .option('--xml-id <xmlId>', 'the delivery service key (no spaces or periods, at most 48 characters)')
    .option('--display-name <name>', 'display name (1-48 characters)')
    .option('--cdn <name|id>', 'CDN')
    .option('--type <name|id>', 'type: HTTP, HTTP_LIVE, DNS, ANY_MAP, STEERING, CLIENT_STEERING, …')
    .option('--tenant <name|id>', 'owning tenant')
    .option('--origin <url>', 'primary origin, http(s)://host[:port] (orgServerFqdn)')
    .option('--protocol <p>', 'http, https, both or redirect-to-https (or 0-3)')
    .option('--routing-name <label>', 'first label of the delivery service host names (default cdn)')
    .option('--profile <name|id>', 'profile')
    .option('--active', 'serve it')
    .option('--no-active', 'do not serve it')
    .option('--set <field=value>', 'any other API field, e.g. --set missLat=41.8 (repeatable)', collect)
    .option('--dry-run', 'show the request; change nothing');
}

/** Reads `--from-file`: JSON, or YAML by its extension (or when it is not JSON). */
export async function readBodyFile(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${path}: ${(err as Error).message}`, EXIT.USAGE);
  }
  const isYaml = /\.ya?ml$/i.test(path);
  try {
    const parsed: unknown = isYaml ? (await import('yaml')).parse(text) : JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Body;
  } catch (err) {
    throw new CliError(`${path}: not a ${isYaml ? 'YAML' : 'JSON'} object (${(err as Error).message})`, EXIT.USAGE);
  }
}

async function cdnId(http: HttpClient, ref: string): Promise<number> {
  const id = asId(ref);
  if (id !== null) return id;
  const cdn = (await listCdns(http, { name: ref })).response.find((c) => c.name === ref);
  if (!cdn) throw new CliError(`CDN "${ref}" not found`, EXIT.ERROR, 'list them with: cdnctl cdns list');
  return Number(cdn.id);
}

/** `--set key=value` pairs: the value as JSON when it parses (numbers, booleans, null, lists), else as text. */
function setPairs(pairs: readonly string[]): Body {
  const out: Body = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliError(`--set ${pair}: expected field=value`, EXIT.USAGE);
    const raw = pair.slice(eq + 1);
    try {
      out[pair.slice(0, eq)] = JSON.parse(raw) as unknown;
    } catch {
      out[pair.slice(0, eq)] = raw;
    }
  }
  return out;
}

function protocolOf(text: string): number {
  const n = PROTOCOLS[text] ?? asId(text);
  if (n === null || n === undefined || n > 3)
    throw new CliError(`--protocol ${text}: expected http, https, both, redirect-to-https or 0-3`, EXIT.USAGE);
  return n;
}

/** A file's names (cdnName, tenant, profileName) as the ids the API takes, when the ids are not there. */
async function resolveFileNames(http: HttpClient, body: Body): Promise<void> {
  if (body.cdnId == null && typeof body.cdnName === 'string') body.cdnId = await cdnId(http, body.cdnName);
  if (body.tenantId == null && typeof body.tenant === 'string') body.tenantId = await tenantId(http, body.tenant);
  if (body.profileId == null && typeof body.profileName === 'string')
    body.profileId = await profileId(http, body.profileName);
}

/** Applies the flags onto `body`, resolving names to ids. */
async function applyFlags(http: HttpClient, body: Body, flags: FieldFlags): Promise<void> {
  const direct: Array<[keyof FieldFlags, string]> = [
    ['xmlId', 'xmlId'],
    ['displayName', 'displayName'],
    ['origin', 'orgServerFqdn'],
    ['routingName', 'routingName'],
    ['active', 'active'],
  ];
  for (const [flag, field] of direct) if (flags[flag] !== undefined) body[field] = flags[flag];
  if (flags.cdn !== undefined) body.cdnId = await cdnId(http, flags.cdn);
  if (flags.tenant !== undefined) body.tenantId = await tenantId(http, flags.tenant);
  if (flags.profile !== undefined) body.profileId = await profileId(http, flags.profile);
  if (flags.protocol !== undefined) body.protocol = protocolOf(flags.protocol);
  if (flags.type !== undefined) {
    const id = asId(flags.type);
    if (id === null) {
      body.typeId = null;
      body.type = flags.type;
    } else body.typeId = id;
  }
  Object.assign(body, setPairs(flags.set ?? []));
}

/** The body of a write: `base`, then the file, then the flags. */
async function bodyOf(http: HttpClient, base: Body, flags: FieldFlags): Promise<Body> {
  const body: Body = { ...base, ...(flags.fromFile ? await readBodyFile(flags.fromFile) : {}) };
  await resolveFileNames(http, body);
  await applyFlags(http, body, flags);
  return body;
}

const dryRun = (inv: Invocation, data: Body, sentence: string, body: Body): Output => {
  inv.printer.note('dry run: nothing was changed');
  const lines = Object.entries(body).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`);
  return messageOutput({ dryRun: true, ...data }, [sentence, ...lines].join('\n'));
};

/** The stored record of a delivery service (the client's version's shape), by xmlId or id. */
async function current(http: HttpClient, ref: string): Promise<Body> {
  const id = asId(ref);
  const { response } = await http.get<Body[]>('/deliveryservices', id === null ? { xmlId: ref } : { id });
  const ds = response.find((d) => (id === null ? d.xmlId === ref : Number(d.id) === id));
  if (!ds)
    throw new CliError(
      `delivery service "${ref}" not found (or not visible to you)`,
      EXIT.ERROR,
      'list them with: cdnctl ds list',
    );
  return ds;
}

const createVerb: VerbSpec<FieldFlags> = {
  name: 'create',
  description: 'Create a delivery service from flags and/or a JSON or YAML file (admin or operations role)',
  examples: [
    'cdnctl ds create --xml-id acme-web --display-name "Acme web" --cdn cdn1 --type HTTP --tenant acme --origin https://origin.acme.example',
    'cdnctl ds create -f acme-web.yaml --dry-run',
  ],
  api: API,
  configure: fieldOptions,
  run: async (inv, _args, flags) => {
    const http = await inv.client();
    const body = await bodyOf(http, CREATE_DEFAULTS, flags);
    const label = `delivery service ${String(body.xmlId)}`;
    if (flags.dryRun) return dryRun(inv, { create: body }, `Would create ${label} with:`, body);
    const result = await http.post<Body[]>('/deliveryservices', body);
    const ds = result.response[0];
    return writeOutput(inv, result, `Created ${label} (id ${String(ds.id)})`, result.response);
  },
};

/** The fields whose values a body changes, against the stored record. */
const changedFields = (stored: Body, body: Body) =>
  Object.keys(body).filter((k) => JSON.stringify(stored[k]) !== JSON.stringify(body[k]));

const updateVerb: VerbSpec<FieldFlags> = {
  name: 'update <xmlId|id>',
  description: 'Change some fields of a delivery service; the others keep their values (xmlId cannot change)',
  examples: [
    'cdnctl ds update acme-web --origin https://new-origin.acme.example',
    'cdnctl ds update acme-web --set missLat=41.8 --set missLong=-87.6 --dry-run',
    'cdnctl ds update acme-web -f acme-web.json',
  ],
  api: API,
  configure: fieldOptions,
  run: async (inv, [ref]: string[], flags) => {
    const http = await inv.client();
    const stored = await current(http, ref);
    const body = await bodyOf(http, stored, flags);
    const changed = changedFields(stored, body).filter((k) => k !== 'type' || body.typeId === null);
    const label = `delivery service ${String(stored.xmlId)} (id ${String(stored.id)})`;
    if (changed.length === 0)
      throw new CliError(
        'nothing to update: no field differs from the stored one',
        EXIT.USAGE,
        'see: cdnctl ds update --help',
      );
    const diff = Object.fromEntries(changed.map((k) => [k, body[k]]));
    if (flags.dryRun) return dryRun(inv, { update: diff }, `Would update ${label}:`, diff);
    const result = await http.put<Body[]>(`/deliveryservices/${String(stored.id)}`, body);
    return writeOutput(inv, result, `Updated ${label}: ${changed.join(', ')}`, result.response);
  },
};

const deleteVerb: VerbSpec<DestructiveFlags> = {
  name: 'delete <xmlId|id>',
  description:
    'Delete a delivery service with its regexes, origins, jobs and keys; asks for its xmlId on a terminal, needs --yes elsewhere',
  examples: ['cdnctl ds delete acme-web', 'cdnctl ds delete acme-web --dry-run', 'cdnctl ds delete 42 --yes'],
  api: API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [ref]: string[], flags) => {
    const http = await inv.client();
    const ds = await current(http, ref);
    const xmlId = String(ds.xmlId);
    const label = `delivery service ${xmlId} (id ${String(ds.id)})`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, delete: ds }, `Would delete ${label}, its regexes, origins, jobs and keys`);
    }
    await confirmDestructive(inv.printer, { description: `delete ${label}`, typeToConfirm: xmlId }, flags);
    const result = await http.delete(`/deliveryservices/${String(ds.id)}`);
    return writeOutput(inv, result, `Deleted ${label}`);
  },
};

/** `cdnctl ds create|update|delete` (issue 31). */
export function registerDeliveryServiceWrites(ds: Command): void {
  addVerb(ds, createVerb);
  addVerb(ds, updateVerb);
  addVerb(ds, deleteVerb);
}
