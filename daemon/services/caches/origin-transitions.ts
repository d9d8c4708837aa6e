import type { AppContext } from '../../context.js';
import { originUrl } from '../../atsconfig/from-store.js';
import type { PrimaryOrigin } from '../../store/deliveryservices.js';
import type { CheckIn } from '../../store/server-flags.js';

/*
 * An origin change without a 404 (issue 32, finding 1). When a delivery service's primary origin moves, the old
 * one is kept as a transition: the MIDs above the service's caches map it beside the new one, whichever tier applies
 * first. It ends once every cache in service assigned to the service has applied an update it read after the change;
 * the MIDs then drop the old origin at their next update (nothing is queued for that: the extra rule is harmless).
 */

/** Records that delivery service `deliveryServiceId` leaves its primary origin `previous`, before it is queued. */
export async function beginOriginTransition(
  ctx: AppContext,
  deliveryServiceId: number,
  previous: PrimaryOrigin,
  next: PrimaryOrigin,
): Promise<void> {
  if (originUrl(previous) === originUrl(next)) return;
  await ctx.store.originTransitions.begin(deliveryServiceId, originUrl(previous), ctx.clock());
}

/** After a check-in: when it cleared a queued update, ends the transitions every cache has now applied. */
export async function settleOriginTransitions(ctx: AppContext, report: CheckIn): Promise<void> {
  if (report.updated !== false) return;
  await ctx.store.originTransitions.settle();
}
