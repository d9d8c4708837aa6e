import type { AppContext } from '../../context.js';
import { changeAs } from '../change.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';
import type { ChangeEntry } from '../../store/change-log.js';
import type { CreateResult, DeliveryServiceColumns } from '../../store/deliveryservice-writes.js';
import type { DeliveryService, PrimaryOrigin } from '../../store/deliveryservices.js';
import type { Cdn } from '../../store/cdns.js';
import type { DsApiVersion } from '../../../shared/rules/deliveryservices/fields.js';
import {
  deliveryServiceProblem,
  parseOrgServerFqdn,
  readDeliveryServiceBody,
  sanitize,
  type DsValues,
} from '../../../shared/rules/deliveryservices/validate.js';
import { columnsOf, withStoredNewerFields } from './columns.js';
import { dnssecText, dropCreatedKeys, storeDnssecKeys, withoutKeys } from './ds-keys.js';
import { assignedProfiles, locationParams, type LocationFields } from './location-params.js';
import { beginOriginTransition } from '../caches/origin-transitions.js';

export const NOT_AUTHORIZED = 'not authorized on this tenant';

/** The body read by kind: 400 `invalid request: …` when a field has the wrong JSON type. */
export function readBody(body: unknown, version: DsApiVersion): DsValues {
  const read = readDeliveryServiceBody(body, version);
  if (!read.ok) throw badRequest(`invalid request: ${read.errors.join(', ')}`);
  return read.values;
}

/**
 * cdnctl's one extension of the body: without `typeId`, the type's name in `type` (which Traffic Ops ignored on
 * writes) names it, so a client that has no types list can still say `HTTP`. An unknown name leaves it unset.
 */
export async function typeByName(ctx: AppContext, values: DsValues, body: unknown): Promise<void> {
  const name = (body as { type?: unknown } | null)?.type;
  if (values.typeId !== null || typeof name !== 'string') return;
  const type = await ctx.store.typeLookup.find('deliveryservice', { name });
  if (type) values.typeId = type.id;
}

/** Validates (§5.2) and resolves the type: 400 with Traffic Ops' joined text, 404 `type not found`. */
export async function validated(ctx: AppContext, values: DsValues): Promise<string> {
  const type =
    typeof values.typeId === 'number' && values.typeId > 0
      ? await ctx.store.typeLookup.find('deliveryservice', { id: values.typeId })
      : null;
  const problem = deliveryServiceProblem(values, type?.name ?? null);
  if (problem) throw badRequest(problem);
  if (!type) throw notFound('type not found');
  return type.name;
}

/** The CDN, profile and tenant a body names must exist (404) and the tenant be the caller's (403). */
async function checkReferences(ctx: AppContext, visible: ReadonlySet<number>, values: DsValues): Promise<Cdn> {
  const cdn = await ctx.store.cdns.byId(values.cdnId as number);
  if (!cdn) throw notFound('cdn not found');
  if (typeof values.profileId === 'number' && !(await ctx.store.profiles.get(values.profileId)))
    throw notFound('profile not found');
  if (typeof values.tenantId !== 'number') throw badRequest('tenantId is a required field');
  if (!(await ctx.store.tenants.get(values.tenantId))) throw notFound('tenant not found');
  if (!visible.has(values.tenantId)) throw forbidden(NOT_AUTHORIZED);
  return cdn;
}

/** What decides the location parameters, from the columns a write stores. */
const locationFields = (c: DeliveryServiceColumns, typeName: string, cacheurl: string | null): LocationFields => ({
  xmlId: c.xmlId,
  cdnId: c.cdnId,
  typeName,
  edgeHeaderRewrite: c.edgeHeaderRewrite,
  midHeaderRewrite: c.midHeaderRewrite,
  regexRemap: c.regexRemap,
  cacheurl,
  signingAlgorithm: c.signingAlgorithm,
  maxOriginConnections: c.maxOriginConnections,
});

const takenText = (taken: 'xmlId' | 'origin', xmlId: string) =>
  taken === 'xmlId' ? `deliveryservice xml_id '${xmlId}' already exists.` : `origin name '${xmlId}' already exists.`;

const dsText = (xmlId: string, id: number, action: string) => `DS: ${xmlId}, ID: ${id}, ACTION: ${action}`;

/** The HOST_REGEXP type's id (seeded; a database without it cannot take new delivery services). */
async function hostRegexTypeId(ctx: AppContext): Promise<number> {
  const type = await ctx.store.typeLookup.find('regex', { name: 'HOST_REGEXP' });
  if (!type) throw new Error('the HOST_REGEXP regex type is missing from the types table');
  return type.id;
}

/** The delivery service as stored after a write: it must be there. */
async function reread(ctx: AppContext, id: number): Promise<DeliveryService> {
  const ds = await ctx.store.deliveryServices.byId(id);
  if (!ds) throw notFound(`delivery service ID ${id} not found`);
  return ds;
}

/**
 * POST deliveryservices (§5.2, §5.3): the row, its set-0 host regex, its primary origin and the `location`
 * parameters of its config files in one transaction with the change-log entries; on a CDN with DNSSEC, its
 * DNSSEC keys in the key store (taken back when the delivery service is not stored).
 */
export async function createDeliveryService(
  ctx: AppContext,
  principal: Principal,
  body: unknown,
  version: DsApiVersion,
): Promise<DeliveryService> {
  const values = sanitize(readBody(body, version));
  await typeByName(ctx, values, body);
  const typeName = await validated(ctx, values);
  const cdn = await checkReferences(ctx, await visibleTenants(ctx, principal), values);
  const tenantId = values.tenantId as number;
  const xmlId = values.xmlId as string;
  if (await ctx.store.deliveryServices.byXmlId(xmlId)) throw badRequest(takenText('xmlId', xmlId));
  const origin = typeof values.orgServerFqdn === 'string' ? parseOrgServerFqdn(values.orgServerFqdn) : null;
  const columns = columnsOf(values, tenantId, null);
  const locations = await locationParams(ctx, [locationFields(columns, typeName, null)], []);
  const keys = await storeDnssecKeys(ctx, principal, cdn, typeName, xmlId);
  const created = (text: (r: { id: number; originId: number | null }) => string | null) => (r: CreateResult) => {
    if ('taken' in r) return null;
    const message = text(r);
    return message === null ? null : changeAs(ctx, principal, message, [tenantId]);
  };
  let result: CreateResult = { taken: 'xmlId' };
  try {
    result = await ctx.store.deliveryServiceWrites.create(
      { columns, origin, hostRegexTypeId: await hostRegexTypeId(ctx), locations },
      ctx.clock(),
      [
        created((r) => dsText(xmlId, r.id, 'Created delivery service')),
        created((r) => (r.originId === null ? null : dsText(xmlId, r.id, `Created primary origin id: ${r.originId}`))),
        created((r) => (keys ? dnssecText(keys, r.id) : null)),
      ],
    );
  } finally {
    if ('taken' in result) await dropCreatedKeys(ctx, keys);
  }
  if ('taken' in result) throw badRequest(takenText(result.taken, xmlId));
  return reread(ctx, result.id);
}

const sameOrigin = (a: PrimaryOrigin, b: PrimaryOrigin) =>
  a.protocol === b.protocol && a.fqdn === b.fqdn && a.port === b.port;
const SSL_IMMUTABLE =
  'delivery service has ssl keys that cannot be automatically changed, therefore CDN and routing name are immutable';

/** What an update does to the primary origin: the new URL when both are set and differ (§5.4), else nothing. */
function originChange(stored: DeliveryService, values: DsValues): PrimaryOrigin | null {
  const next = typeof values.orgServerFqdn === 'string' ? parseOrgServerFqdn(values.orgServerFqdn) : null;
  if (!stored.primaryOrigin || !next || sameOrigin(stored.primaryOrigin, next)) return null;
  return next;
}

/** An existing delivery service by id: 404 `delivery service ID <n> not found`. */
async function existing(
  ctx: AppContext,
  id: number,
  text = `delivery service ID ${id} not found`,
): Promise<DeliveryService> {
  const ds = await ctx.store.deliveryServices.byId(id);
  if (!ds) throw notFound(text);
  return ds;
}

/** PUT deliveryservices/:id (§5.4): xmlId immutable, newer-version fields kept, TLS keys pin CDN and routing name. */
export async function updateDeliveryService(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: unknown,
  version: DsApiVersion,
): Promise<DeliveryService> {
  const read = readBody(body, version);
  const stored = await existing(ctx, id);
  const values = sanitize(withStoredNewerFields(read, version, stored));
  if (values.tenantId === null) values.tenantId = stored.tenantId;
  await typeByName(ctx, values, body);
  const typeName = await validated(ctx, values);
  if (values.xmlId !== stored.xmlId) throw notFound(`delivery service '${String(values.xmlId)}' not found`);
  const visible = await visibleTenants(ctx, principal);
  if (!visible.has(stored.tenantId)) throw forbidden(NOT_AUTHORIZED);
  await checkReferences(ctx, visible, values);
  const tenantId = values.tenantId as number;
  const keyed = stored.sslKeyVersion !== null && /^(HTTP|DNS|STEERING)/.test(typeName);
  if (keyed && (values.cdnId !== stored.cdnId || values.routingName !== stored.routingName))
    throw badRequest(SSL_IMMUTABLE);
  const origin = originChange(stored, values);
  const entries: ChangeEntry[] = [changeAs(ctx, principal, `Updated ds: ${stored.xmlId} id: ${id}`, [tenantId])];
  const dropped = stored.consistentHashQueryParams.length;
  if (dropped > 0)
    entries.push(
      changeAs(ctx, principal, dsText(stored.xmlId, id, `Deleted ${dropped} consistent hash query params`), [tenantId]),
    );
  if (origin)
    entries.push(
      changeAs(ctx, principal, dsText(stored.xmlId, id, `Updated primary origin: ${stored.xmlId}`), [tenantId]),
    );
  const columns = columnsOf(values, tenantId, stored.sslKeyVersion);
  const fields = locationFields(columns, typeName, stored.cacheurl);
  const found = await ctx.store.deliveryServiceWrites.update(
    id,
    columns,
    origin,
    ctx.clock(),
    entries.map((e) => (ok: boolean) => (ok ? e : null)),
    await locationParams(ctx, [fields], await assignedProfiles(ctx, id)),
  );
  if (!found) throw notFound(`delivery service ID ${id} not found`);
  if (origin && stored.primaryOrigin) await beginOriginTransition(ctx, id, stored.primaryOrigin, origin);
  return reread(ctx, id);
}

/** The safe fields' body (§5.5). */
export interface SafeBody {
  displayName?: unknown;
  infoUrl?: unknown;
  longDesc?: unknown;
  longDesc1?: unknown;
}

const textOrNull = (v: unknown) => (typeof v === 'string' ? v : null);

/** PUT deliveryservices/:id/safe: exactly displayName, infoUrl, longDesc, longDesc1 (an omitted one is null). */
export async function updateSafeFields(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: SafeBody | null,
): Promise<DeliveryService> {
  const b = body ?? {};
  if (typeof b.displayName !== 'string') throw badRequest('decoding: validating: displayName: cannot be null/missing');
  const stored = await existing(ctx, id, `no Delivery Service exists by ID '${id}'`);
  if (!(await visibleTenants(ctx, principal)).has(stored.tenantId)) throw forbidden(NOT_AUTHORIZED);
  const fields = {
    displayName: b.displayName,
    infoUrl: textOrNull(b.infoUrl),
    longDesc: textOrNull(b.longDesc),
    longDesc1: textOrNull(b.longDesc1),
  };
  const entry = changeAs(ctx, principal, dsText(stored.xmlId, id, 'Updated safe fields'), [stored.tenantId]);
  await ctx.store.deliveryServiceWrites.updateSafe(id, fields, ctx.clock(), [(ok) => (ok ? entry : null)]);
  return reread(ctx, id);
}

/**
 * DELETE deliveryservices/:id (§5.5): 403 outside the caller's tenants, 404 when unknown. Its regexes, origins,
 * jobs and cache and user links go with it (the caches it had are queued first), and so do the `location`
 * parameters of its config files, in one transaction; its keys leave the key store (503 when the key store is
 * unavailable: nothing is deleted).
 */
export async function deleteDeliveryService(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const stored = await existing(ctx, id, 'delivery service not found');
  if (!(await visibleTenants(ctx, principal)).has(stored.tenantId)) throw forbidden(NOT_AUTHORIZED);
  const entry = changeAs(ctx, principal, `DS: ${stored.xmlId}, ID: ${id}, ACTION: Deleted ds, keys: { id:${id} }`, [
    stored.tenantId,
  ]);
  const locations = await locationParams(ctx, [stored], [], true);
  const gone = await withoutKeys(ctx, stored.xmlId, () =>
    ctx.store.deliveryServiceWrites.remove(id, ctx.clock(), [(ok) => (ok ? entry : null)], locations),
  );
  if (!gone) throw notFound('delivery service not found');
}
