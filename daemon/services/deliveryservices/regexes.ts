import type { AppContext } from '../../context.js';
import { changeAs } from '../change.js';
import { badRequest, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';
import type { DeliveryServiceRegex, RegexFields } from '../../store/deliveryservice-writes.js';
import type { DeliveryService } from '../../store/deliveryservices.js';

/** A regex write body (§5.6): `type` is a type id (use_in_table regex). */
export interface RegexBody {
  pattern?: unknown;
  type?: unknown;
  setNumber?: unknown;
}

/** The delivery services `principal` sees, by id (for the regex and match lists). */
async function visibleServices(ctx: AppContext, principal: Principal): Promise<Map<number, DeliveryService>> {
  const list = await ctx.store.deliveryServices.list({ tenantIds: await visibleTenants(ctx, principal) });
  return new Map(list.map((ds) => [ds.id, ds]));
}

/** GET deliveryservices/:id/regexes (optionally `?id=`): an unknown or invisible delivery service has none. */
export async function listRegexes(
  ctx: AppContext,
  principal: Principal,
  dsId: number,
  regexId: number | null,
): Promise<DeliveryServiceRegex[]> {
  if (!(await visibleServices(ctx, principal)).has(dsId)) return [];
  const all = await ctx.store.deliveryServiceWrites.regexes(dsId);
  return regexId === null ? all : all.filter((r) => r.id === regexId);
}

/** GET deliveryservices_regexes: every visible delivery service with its regexes, by xmlId. */
export async function regexesByService(
  ctx: AppContext,
  principal: Principal,
): Promise<Array<{ ds: DeliveryService; regexes: DeliveryServiceRegex[] }>> {
  const visible = await visibleServices(ctx, principal);
  const byDs = new Map<number, DeliveryServiceRegex[]>();
  for (const r of await ctx.store.deliveryServiceWrites.regexes(null)) {
    if (!visible.has(r.deliveryServiceId)) continue;
    const list = byDs.get(r.deliveryServiceId) ?? [];
    list.push(r);
    byDs.set(r.deliveryServiceId, list);
  }
  return [...visible.values()].filter((ds) => byDs.has(ds.id)).map((ds) => ({ ds, regexes: byDs.get(ds.id)! }));
}

/**
 * A delivery service the caller may change regexes of: 404 `Not Found` when unknown or outside the caller's
 * tenants (Traffic Ops answered 401 `Unauthorized` for the latter, which makes its clients log in again and
 * retry; here an invisible delivery service is a missing one, BEHAVIOR.md §3).
 */
async function writableService(ctx: AppContext, principal: Principal, dsId: number): Promise<DeliveryService> {
  const ds = await ctx.store.deliveryServices.byId(dsId);
  if (!ds) throw notFound('Not Found');
  if (!(await visibleTenants(ctx, principal)).has(ds.tenantId)) throw notFound('Not Found');
  return ds;
}

const isHostZero = (r: { setNumber: number; typeName: string }) => r.setNumber === 0 && r.typeName === 'HOST_REGEXP';
const HOST_ZERO = 'cannot change/ delete a regex with an order of 0 and type name of HOST_REGEXP';

/**
 * Validates a body (§5.6) before the delivery service is looked at: `setNumber` < 0 alone, else the pattern and
 * type errors joined.
 */
async function validFields(ctx: AppContext, body: RegexBody | null): Promise<RegexFields & { typeName: string }> {
  const b = body ?? {};
  const setNumber = typeof b.setNumber === 'number' && Number.isInteger(b.setNumber) ? b.setNumber : 0;
  if (setNumber < 0) throw badRequest('cannot add regex with order < 0');
  const errors: string[] = [];
  const pattern = typeof b.pattern === 'string' ? b.pattern : '';
  if (pattern === '') errors.push("'pattern' cannot be blank");
  const typeName = await regexTypeName(ctx, b.type, errors);
  if (errors.length > 0) throw badRequest(errors.join(', '));
  return { pattern, setNumber, typeId: b.type as number, typeName: typeName! };
}

async function regexTypeName(ctx: AppContext, type: unknown, errors: string[]): Promise<string | null> {
  const id = typeof type === 'number' && Number.isInteger(type) ? type : null;
  const regexType = id === null ? null : await ctx.store.typeLookup.find('regex', { id });
  if (regexType) return regexType.name;
  const other = id === null ? null : await anyTypeExists(ctx, id);
  errors.push(other ? "'type' type is not a valid regex type" : "'type' type not found");
  return null;
}

/** Whether a type of any table has this id. */
async function anyTypeExists(ctx: AppContext, id: number): Promise<boolean> {
  for (const table of ['deliveryservice', 'server', 'cachegroup', 'profile', 'to_extension']) {
    if (await ctx.store.typeLookup.find(table, { id })) return true;
  }
  return false;
}

const regexText = (ds: DeliveryService, action: string, pattern: string, setNumber: number) =>
  `DS: ${ds.xmlId}, ID: ${ds.id}, ACTION: ${action} a regular expression (${pattern}) in position ${setNumber}`;

/** POST deliveryservices/:id/regexes. */
export async function createRegex(
  ctx: AppContext,
  principal: Principal,
  dsId: number,
  body: RegexBody | null,
): Promise<DeliveryServiceRegex> {
  const fields = await validFields(ctx, body);
  const ds = await writableService(ctx, principal, dsId);
  const current = await ctx.store.deliveryServiceWrites.regexes(dsId);
  if (current.some((r) => r.setNumber === fields.setNumber))
    throw badRequest("'setNumber' cannot add regex, another regex with the same order exists");
  const entry = changeAs(ctx, principal, regexText(ds, 'Created', fields.pattern, fields.setNumber), [ds.tenantId]);
  const id = await ctx.store.deliveryServiceWrites.insertRegex(dsId, fields, ctx.clock(), [entry]);
  return { id, deliveryServiceId: dsId, ...fields };
}

/** An existing regex of the delivery service: 404 `regex not found for this delivery service`. */
async function ownRegex(
  ctx: AppContext,
  dsId: number,
  regexId: number,
): Promise<{ regex: DeliveryServiceRegex; all: DeliveryServiceRegex[] }> {
  const all = await ctx.store.deliveryServiceWrites.regexes(dsId);
  const regex = all.find((r) => r.id === regexId);
  if (!regex) throw notFound('regex not found for this delivery service');
  return { regex, all };
}

/** PUT deliveryservices/:id/regexes/:regexId: the set-0 HOST_REGEXP stays, and none other becomes one. */
export async function updateRegex(
  ctx: AppContext,
  principal: Principal,
  dsId: number,
  regexId: number,
  body: RegexBody | null,
): Promise<DeliveryServiceRegex> {
  const fields = await validFields(ctx, body);
  const ds = await writableService(ctx, principal, dsId);
  const { regex, all } = await ownRegex(ctx, dsId, regexId);
  if (!all.some((r) => r.setNumber === fields.setNumber)) throw badRequest("'setNumber' sql: no rows in result set");
  if (isHostZero(regex) || isHostZero(fields)) throw badRequest(HOST_ZERO);
  const entry = changeAs(ctx, principal, regexText(ds, 'Updated', fields.pattern, fields.setNumber), [ds.tenantId]);
  await ctx.store.deliveryServiceWrites.updateRegex(dsId, regexId, fields, ctx.clock(), [entry]);
  return { id: regexId, deliveryServiceId: dsId, ...fields };
}

/** DELETE deliveryservices/:id/regexes/:regexId: never the last one, nor the set-0 HOST_REGEXP. */
export async function deleteRegex(ctx: AppContext, principal: Principal, dsId: number, regexId: number): Promise<void> {
  const ds = await writableService(ctx, principal, dsId);
  const { regex, all } = await ownRegex(ctx, dsId, regexId);
  if (all.length <= 1) throw badRequest('a delivery service must have at least one regex');
  if (isHostZero(regex)) throw badRequest(HOST_ZERO);
  const entry = changeAs(ctx, principal, regexText(ds, 'Deleted', regex.pattern, regex.setNumber), [ds.tenantId]);
  await ctx.store.deliveryServiceWrites.deleteRegex(dsId, regexId, ctx.clock(), [entry]);
}
