import type { AppContext } from '../../context.js';
import { changeAs } from '../change.js';
import { badRequest, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';
import type { DsRequestComment, DsRequestCommentFilters } from '../../store/ds-requests.js';
import { visibleRequest } from './requests.js';

/*
 * Comments on delivery-service requests (reference wave3 §5.7): anyone at Portal level who sees the request
 * comments on it; only a comment's author changes or deletes it. Generic change-log texts, `<t>` =
 * deliveryservice_request_comment.
 */

const TYPE = 'deliveryservice_request_comment';
const entry = (id: number, action: string) =>
  `DELIVERYSERVICE_REQUEST_COMMENT: ${id}, ID: ${id}, ACTION: ${action} ${TYPE}, keys: { id:${id} }`;

/** `{deliveryServiceRequestId, value}`, both required (400 naming the missing ones). */
function readComment(body: unknown): { requestId: number; value: string } {
  const b = (body ?? {}) as { deliveryServiceRequestId?: unknown; value?: unknown };
  const missing: string[] = [];
  if (!Number.isSafeInteger(b.deliveryServiceRequestId)) missing.push(`'deliveryServiceRequestId' is required`);
  if (typeof b.value !== 'string' || b.value === '') missing.push(`'value' is required`);
  if (missing.length > 0) throw badRequest(missing.join(', '));
  return { requestId: b.deliveryServiceRequestId as number, value: b.value as string };
}

/** The comments on requests the caller may see. */
export async function listComments(
  ctx: AppContext,
  principal: Principal,
  filters: DsRequestCommentFilters,
): Promise<DsRequestComment[]> {
  const visible = await visibleTenants(ctx, principal);
  return (await ctx.store.dsRequests.comments(filters)).filter((c) => visible.has(c.tenantId));
}

async function reread(ctx: AppContext, id: number): Promise<DsRequestComment> {
  const [found] = await ctx.store.dsRequests.comments({ id });
  if (!found) throw notFound(`no ${TYPE} found with this id`);
  return found;
}

/** POST deliveryservice_request_comments. */
export async function addComment(ctx: AppContext, principal: Principal, body: unknown): Promise<DsRequestComment> {
  const { requestId, value } = readComment(body);
  const request = await visibleRequest(ctx, principal, requestId);
  const id = await ctx.store.dsRequests.addComment(principal.userId, requestId, value, ctx.clock(), [
    (created) => (created === null ? null : changeAs(ctx, principal, entry(created, 'Created'), [request.tenantId])),
  ]);
  if (id === null) throw notFound(`no such Delivery Service Request: #${requestId}`);
  return reread(ctx, id);
}

/** The caller's own comment: 404 when unknown (or not visible), 400 when someone else wrote it. */
async function ownComment(
  ctx: AppContext,
  principal: Principal,
  id: number,
  missing: string,
  action: 'updated' | 'deleted',
): Promise<DsRequestComment> {
  const [found] = await listComments(ctx, principal, { id });
  if (!found) throw notFound(missing);
  if (found.authorId !== principal.userId) throw badRequest(`Comments can only be ${action} by the author`);
  return found;
}

/** PUT deliveryservice_request_comments?id=: the author changes the text. */
export async function editComment(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: unknown,
): Promise<DsRequestComment> {
  const { value } = readComment(body);
  const own = await ownComment(ctx, principal, id, `no ${TYPE} found with this id`, 'updated');
  const found = await ctx.store.dsRequests.editComment(id, value, ctx.clock(), [
    (ok) => (ok ? changeAs(ctx, principal, entry(id, 'Updated'), [own.tenantId]) : null),
  ]);
  if (!found) throw notFound(`no ${TYPE} found with this id`);
  return reread(ctx, id);
}

/** DELETE deliveryservice_request_comments?id=: the author removes it. */
export async function deleteComment(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const own = await ownComment(ctx, principal, id, `no ${TYPE} with that key found`, 'deleted');
  const gone = await ctx.store.dsRequests.removeComment(id, [
    (ok) => (ok ? changeAs(ctx, principal, entry(id, 'Deleted'), [own.tenantId]) : null),
  ]);
  if (!gone) throw notFound(`no ${TYPE} with that key found`);
}
