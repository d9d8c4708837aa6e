import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { CDNCTL_VERSION } from '../services/package-version.js';
import { queryRecords } from '../services/places/query.js';
import { aboutSchema, apiCapabilitySchema, osVersionsSchema, systemInfoSchema } from '../../shared/contract/places.js';
import { envelope, list } from '../../shared/contract/schema.js';

/** Where GET osversions looks for osversions.json without the `kickstart.files.location` parameter. */
export const DEFAULT_KICKSTART_DIR = '/var/www/files';

const capabilityQuery = {
  type: 'object',
  properties: Object.fromEntries(
    ['id', 'capability', 'httpMethod', 'route', 'lastUpdated', 'orderby', 'sortOrder', 'limit', 'offset', 'page'].map(
      (k) => [k, { type: 'string', maxLength: 256 }],
    ),
  ),
};

/**
 * The parameters of config file `global`; secure ones only for admins (reference §9). The three the 1.x cache
 * tooling reads are answered when no parameter sets them (BEHAVIOR.md): `use_reval_pending` 1 (cdnctl always
 * keeps revalidation apart), `tm.toolname` cdnctl, and `tm.url` the daemon's own address once it is known.
 */
async function systemInfo(ctx: AppContext, privLevel: number) {
  const url = ctx.baseUrl();
  const parameters: Record<string, string> = {
    use_reval_pending: '1',
    'tm.toolname': 'cdnctl',
    ...(url === null ? {} : { 'tm.url': `${url.replace(/\/$/, '')}/` }),
  };
  for (const p of await ctx.store.places.parametersOf('global')) {
    if (!p.secure || privLevel >= PRIV.ADMIN) parameters[p.name] = p.value;
  }
  return { parameters };
}

/** osversions.json from the kickstart directory (param `kickstart.files.location`, config file `mkisofs`). */
async function osVersions(ctx: AppContext): Promise<Record<string, string>> {
  const location = (await ctx.store.places.parametersOf('mkisofs')).find((p) => p.name === 'kickstart.files.location');
  const file = join(location?.value ?? DEFAULT_KICKSTART_DIR, 'osversions.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    // No kickstart files at all (every install that never set them up): no versions, where Traffic Ops failed
    // with a 500 (BEHAVIOR.md). A file that is there but unreadable or not JSON is still a server-side fault.
    if ((err as { code?: unknown }).code === 'ENOENT') return {};
    throw new ApiError(500, 'Internal Server Error');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError(500, 'Internal Server Error');
  return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** GET about, osversions, api_capabilities and system/info (reference §9): the misc reads 1.x clients make. */
export function miscInfoRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/about',
      since: '1.3',
      auth: PRIV.READ,
      schema: { response: { 200: aboutSchema } },
      // Unwrapped, as Traffic Ops answered; cdnctl is no RPM, so commits and commitHash are left out as empty.
      handler: async () => ({
        release: '',
        name: 'cdnctl',
        RPMVersion: `cdnctl-${CDNCTL_VERSION}`,
        Version: CDNCTL_VERSION,
      }),
    },
    {
      method: 'GET',
      url: '/osversions',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(osVersionsSchema) } },
      handler: async () => ({ response: await osVersions(ctx) }),
    },
    {
      method: 'GET',
      url: '/api_capabilities',
      since: '1.1',
      auth: PRIV.READ,
      schema: { querystring: capabilityQuery, response: { 200: envelope(list(apiCapabilitySchema)) } },
      // cdnctl enforces privilege levels only and keeps no capability mappings (BEHAVIOR.md): the list is empty,
      // but its query is read as Traffic Ops read it.
      handler: async (request) => ({
        response: queryRecords([], { id: { field: 'id', kind: 'integer' } }, request.query as Record<string, string>),
      }),
    },
    {
      method: 'GET',
      url: '/system/info',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(systemInfoSchema) } },
      handler: async (request) => ({ response: await systemInfo(ctx, caller(request).privLevel) }),
    },
  ];
}
