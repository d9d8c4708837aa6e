import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { cdnRecord, federationRecord, roleRecord, tenantRecord } from '../format/catalog.js';
import { parseIntegerParam } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../services/tenant-access.js';
import type { Federation } from '../store/federations.js';
import {
  cdnSchema,
  federationSchema,
  goRoleSchema,
  goTenantSchema,
  roleSchema,
} from '../../shared/contract/catalog.js';
import { envelope, list, type JsonSchema } from '../../shared/contract/schema.js';
import { atLeast } from '../versions.js';
import { queryRecords } from '../services/places/query.js';

const CDN_FILTERS = {
  id: { field: 'id', kind: 'integer' },
  name: { field: 'name', kind: 'string' },
  domainName: { field: 'domainName', kind: 'string' },
  dnssecEnabled: { field: 'dnssec', kind: 'string' },
} as const;

/** GET cdns as Traffic Ops' generic read (reference §1.1): filters id, name, domainName, dnssecEnabled; orderby, paging. */
async function listCdns(ctx: AppContext, request: FastifyRequest) {
  const records = (await ctx.store.cdns.list()).map((c) => ({
    record: c,
    id: c.id,
    name: c.name,
    domainName: c.domainName,
    dnssec: String(c.dnssecEnabled),
  }));
  return queryRecords(records, CDN_FILTERS, request.query as Record<string, string>).map((r) => cdnRecord(r.record));
}

/** Query `id` (integer) and a name filter under `nameKey`; both optional. */
function byIdOrName(nameKey: string, records?: JsonSchema) {
  return {
    querystring: {
      type: 'object',
      properties: { id: { type: 'string' }, [nameKey]: { type: 'string' } },
    },
    ...(records ? { response: { 200: envelope(list(records)) } } : {}),
  };
}

/** Keeps the records matching `?id=` and `?<nameKey>=` when given. */
function filterQuery<T extends { id: number }>(
  request: FastifyRequest,
  nameKey: string,
  name: (r: T) => string,
  list: T[],
): T[] {
  const query = request.query as Record<string, string | undefined>;
  const id = query.id === undefined ? undefined : parseIntegerParam(query.id, 'id');
  const wanted = query[nameKey];
  return list.filter((r) => (id === undefined || r.id === id) && (wanted === undefined || name(r) === wanted));
}

/** A federation is visible when every delivery service it serves is (one without any is visible to all). */
const federationVisible = (f: Federation, tenants: Set<number>) =>
  f.deliveryServices.every((ds) => tenants.has(ds.tenantId));

/**
 * The read-only records the CLI resolves by name, as Traffic Ops 1.x served them: GET cdns, tenants (limited
 * to the caller's tenant and its descendants), roles and federations (limited by their delivery services).
 */
export function catalogRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/cdns',
      since: '1.1',
      auth: PRIV.READ,
      schema: byIdOrName('name', cdnSchema),
      handler: async (request) => ({ response: await listCdns(ctx, request) }),
    },
    {
      method: 'GET',
      url: '/tenants',
      since: '1.1',
      auth: PRIV.READ,
      schema: byIdOrName('name', goTenantSchema),
      handler: async (request) => {
        const visible = await visibleTenants(ctx, caller(request));
        const tenants = (await ctx.store.tenants.list()).filter((t) => visible.has(t.id));
        return {
          response: filterQuery(request, 'name', (t) => t.name, tenants).map((t) => tenantRecord(t)),
        };
      },
    },
    {
      method: 'GET',
      url: '/roles',
      since: '1.1',
      auth: PRIV.READ,
      schema: byIdOrName('name'),
      responseAt: (v) => ({ 200: envelope(list(atLeast(v, '1.3') ? goRoleSchema : roleSchema)) }),
      handler: async (request) => {
        const list = filterQuery(request, 'name', (r) => r.name, await ctx.store.roles.list());
        const caps = await ctx.store.roles.capabilitiesByRole();
        return { response: list.map((r) => roleRecord(r, request.apiVersion, caps.get(r.id))) };
      },
    },
    {
      // cdnctl's own list of every federation the caller may see (the CLI and the portal read it); GET federations
      // itself is Traffic Ops' federation-user mappings (routes/federation-mappings.ts, issue 31).
      method: 'GET',
      url: '/federations/catalog',
      since: '1.1',
      auth: PRIV.READ,
      schema: byIdOrName('cname', federationSchema),
      handler: async (request) => {
        const visible = await visibleTenants(ctx, caller(request));
        const federations = (await ctx.store.federations.list()).filter((f) => federationVisible(f, visible));
        return { response: filterQuery(request, 'cname', (f) => f.cname, federations).map(federationRecord) };
      },
    },
  ];
}
