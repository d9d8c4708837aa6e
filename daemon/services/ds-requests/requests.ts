import type { AppContext } from '../../context.js';
import { changeAs } from '../change.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';
import { NOT_AUTHORIZED, readBody, typeByName, validated } from '../deliveryservices/writes.js';
import {
  DSR_CHANGE_TYPES,
  DSR_STATUSES,
  type DsRequest,
  type DsRequestFields,
  type DsRequestFilters,
  type DsrChangeType,
  type DsrStatus,
} from '../../store/ds-requests.js';
import type { DsApiVersion } from '../../../shared/rules/deliveryservices/fields.js';
import { sanitize } from '../../../shared/rules/deliveryservices/validate.js';
import { transitionProblem } from '../../../shared/rules/ds-requests.js';

/*
 * Delivery-service requests (issue 31, reference wave3 §5.7): a proposal to create, update or delete a delivery
 * service, which the caller's tenancy governs as the delivery service itself would. Requests change nothing a
 * cache uses.
 */

export const noSuchRequest = (id: number) => notFound(`no such Delivery Service Request: #${id}`);
const DRAFT_OR_SUBMITTED = `Must be 'draft' or 'submitted'`;
const entry = (xmlId: string, id: number, action: string) =>
  `DELIVERYSERVICE_REQUEST: ${xmlId}, ID: ${id}, ACTION: ${action} deliveryservice_request, keys: { id:${id} }`;

interface RequestBody {
  changeType: DsrChangeType;
  status: DsrStatus;
  ds: Record<string, unknown>;
}

/** The body's three keys, checked for presence and known values (400 otherwise). */
function readRequest(body: unknown, initial: boolean): RequestBody {
  const b = (body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const ds = b.deliveryService;
  if (ds === null || typeof ds !== 'object' || Array.isArray(ds))
    throw badRequest('no delivery service associated with this request');
  if (!(DSR_CHANGE_TYPES as readonly unknown[]).includes(b.changeType))
    throw badRequest(`invalid change type '${String(b.changeType)}'. Must be 'create', 'update' or 'delete'`);
  if (b.status !== 'draft' && b.status !== 'submitted')
    throw badRequest(`invalid ${initial ? 'initial ' : ''}request status '${String(b.status)}'. ${DRAFT_OR_SUBMITTED}`);
  return { changeType: b.changeType as DsrChangeType, status: b.status, ds: ds as Record<string, unknown> };
}

/** The request's fields: the delivery service checked as its own write would be (§5.2), and its tenant. */
async function fieldsOf(
  ctx: AppContext,
  visible: ReadonlySet<number>,
  r: RequestBody,
  version: DsApiVersion,
): Promise<DsRequestFields> {
  const xmlId = typeof r.ds.xmlId === 'string' ? r.ds.xmlId : '';
  let tenantId: number | null = null;
  if (r.changeType !== 'create') {
    const stored = xmlId === '' ? null : await ctx.store.deliveryServices.byXmlId(xmlId);
    if (!stored) throw notFound(`delivery service '${xmlId}' not found`);
    if (!visible.has(stored.tenantId)) throw forbidden(NOT_AUTHORIZED);
    tenantId = stored.tenantId;
  }
  if (r.changeType !== 'delete') {
    const values = sanitize(readBody(r.ds, version));
    if (values.tenantId === null && tenantId !== null) values.tenantId = tenantId;
    await typeByName(ctx, values, r.ds);
    await validated(ctx, values);
    if (typeof values.tenantId !== 'number') throw badRequest('tenantId is a required field');
    tenantId = values.tenantId;
  }
  if (tenantId === null || !visible.has(tenantId)) throw forbidden(NOT_AUTHORIZED);
  return { changeType: r.changeType, status: r.status, xmlId, tenantId, deliveryService: JSON.stringify(r.ds) };
}

const activeExists = (xmlId: string) => badRequest(`an active request exists for Delivery Service '${xmlId}'`);

/** The requests the caller may see (those of its tenants' delivery services). */
export async function listRequests(
  ctx: AppContext,
  principal: Principal,
  filters: DsRequestFilters,
): Promise<DsRequest[]> {
  const visible = await visibleTenants(ctx, principal);
  return (await ctx.store.dsRequests.list(filters)).filter((r) => visible.has(r.tenantId));
}

/** A request the caller may act on: 404 when unknown, 403 outside its tenants. */
export async function visibleRequest(ctx: AppContext, principal: Principal, id: number): Promise<DsRequest> {
  const [found] = await ctx.store.dsRequests.list({ id });
  if (!found) throw noSuchRequest(id);
  if (!(await visibleTenants(ctx, principal)).has(found.tenantId)) throw forbidden(NOT_AUTHORIZED);
  return found;
}

async function reread(ctx: AppContext, id: number): Promise<DsRequest> {
  const [found] = await ctx.store.dsRequests.list({ id });
  if (!found) throw noSuchRequest(id);
  return found;
}

/** POST deliveryservice_requests: a new draft or submitted request, unless one is open for the xmlId. */
export async function createRequest(
  ctx: AppContext,
  principal: Principal,
  body: unknown,
  version: DsApiVersion,
): Promise<DsRequest> {
  const r = readRequest(body, true);
  const f = await fieldsOf(ctx, await visibleTenants(ctx, principal), r, version);
  const result = await ctx.store.dsRequests.create(principal.userId, f, ctx.clock(), [
    (res) => ('id' in res ? changeAs(ctx, principal, entry(f.xmlId, res.id, 'Created'), [f.tenantId]) : null),
  ]);
  if ('open' in result) throw activeExists(f.xmlId);
  return reread(ctx, result.id);
}

/** PUT deliveryservice_requests?id=: an open request's proposal and status (draft or submitted) replaced. */
export async function updateRequest(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: unknown,
  version: DsApiVersion,
): Promise<DsRequest> {
  const r = readRequest(body, false);
  const stored = await visibleRequest(ctx, principal, id);
  const problem = transitionProblem(stored.status, r.status);
  if (problem) throw badRequest(problem);
  const f = await fieldsOf(ctx, await visibleTenants(ctx, principal), r, version);
  const outcome = await ctx.store.dsRequests.update(id, principal.userId, f, ctx.clock(), [
    (o) => (o === 'ok' ? changeAs(ctx, principal, entry(f.xmlId, id, 'Updated'), [f.tenantId]) : null),
  ]);
  if (outcome === 'missing') throw noSuchRequest(id);
  if (outcome === 'open') throw activeExists(f.xmlId);
  return reread(ctx, id);
}

/** DELETE deliveryservice_requests?id= (its comments go with it). */
export async function deleteRequest(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const stored = await visibleRequest(ctx, principal, id);
  const gone = await ctx.store.dsRequests.remove(id, [
    (ok) => (ok ? changeAs(ctx, principal, entry(stored.xmlId, id, 'Deleted'), [stored.tenantId]) : null),
  ]);
  if (!gone) throw noSuchRequest(id);
}

/** PUT deliveryservice_requests/:id/status: a move along the request's life (transitionProblem). */
export async function setRequestStatus(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: unknown,
): Promise<{ request: DsRequest; text: string }> {
  const status = (body as { status?: unknown } | null)?.status;
  if (!(DSR_STATUSES as readonly unknown[]).includes(status))
    throw badRequest(`invalid request status '${String(status)}'. Must be one of ${DSR_STATUSES.join(', ')}`);
  const stored = await visibleRequest(ctx, principal, id);
  const problem = transitionProblem(stored.status, status as DsrStatus);
  if (problem) throw badRequest(problem);
  const text = `Changed status of '${stored.xmlId}' Delivery Service Request from '${stored.status}' to '${String(status)}'`;
  const found = await ctx.store.dsRequests.setStatus(id, principal.userId, status as DsrStatus, ctx.clock(), [
    (ok) => (ok ? changeAs(ctx, principal, text, [stored.tenantId]) : null),
  ]);
  if (!found) throw noSuchRequest(id);
  return { request: await reread(ctx, id), text };
}

/** PUT deliveryservice_requests/:id/assign: `assigneeId` a user the caller can see, or null to unassign. */
export async function assignRequest(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: unknown,
): Promise<{ request: DsRequest; text: string }> {
  const assigneeId = (body as { assigneeId?: unknown } | null)?.assigneeId ?? null;
  if (assigneeId !== null && !Number.isSafeInteger(assigneeId))
    throw badRequest(`'assigneeId' must be an integer or null`);
  const stored = await visibleRequest(ctx, principal, id);
  const user = assigneeId === null ? null : await ctx.store.users.byId(assigneeId as number);
  if (assigneeId !== null && (!user || !(await visibleTenants(ctx, principal)).has(user.tenantId)))
    throw badRequest(`no user with id ${String(assigneeId)}`);
  const text = user
    ? `Changed assignee of '${stored.xmlId}' Delivery Service Request to '${user.username}'`
    : `Unassigned '${stored.xmlId}' Delivery Service Request`;
  const found = await ctx.store.dsRequests.assign(id, principal.userId, user?.id ?? null, ctx.clock(), [
    (ok) => (ok ? changeAs(ctx, principal, text, [stored.tenantId]) : null),
  ]);
  if (!found) throw noSuchRequest(id);
  return { request: await reread(ctx, id), text };
}
