import type { AppContext } from '../../context.js';
import { badRequest, conflict } from '../errors.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import type { Server } from '../../store/servers.js';
import { SERVING } from './server-writes.js';

/**
 * The rules every delivery-service ↔ server assignment shares (issue 30), whichever route makes it: Traffic Ops'
 * CDN match, and cdnctl's own rule that only EDGE servers are assigned (a MID serves its whole CDN).
 */

/** cdnctl's rule: the problem of assigning a server that is not an EDGE, or null. */
export function notEdgeProblem(server: Server): string | null {
  return server.type.startsWith('EDGE')
    ? null
    : `server '${server.hostName}' is a ${server.type}: only EDGE servers are assigned (a MID serves its whole CDN)`;
}

/** POST deliveryserviceserver's checks of each server: EDGE, then the CDN (400s, joined). */
export function checkServersFor(ds: DeliveryService, servers: Server[]): void {
  const problems: string[] = [];
  for (const s of servers) {
    const notEdge = notEdgeProblem(s);
    if (notEdge) problems.push(notEdge);
    else if (s.cdnId !== ds.cdnId) problems.push('server and delivery service CDNs do not match');
  }
  if (problems.length > 0) throw badRequest([...new Set(problems)].join(', '));
}

/**
 * A replace on an active delivery service that has ONLINE/REPORTED servers must keep one: 409 in Traffic Ops'
 * text when none of the new servers serves.
 */
export async function guardReplace(ctx: AppContext, ds: DeliveryService, servers: Server[]): Promise<void> {
  if (!ds.active || servers.some((s) => SERVING.has(s.status))) return;
  const current = await ctx.store.servers.list({ dsId: ds.id }, null);
  if (current.some((s) => SERVING.has(s.status)))
    throw conflict(
      `this server assignment leaves Active Delivery Service #${ds.id} without any 'ONLINE' or 'REPORTED' servers`,
    );
}

/** Go's strconv.ParseBool, with its error text. */
export function parseGoBool(text: string | undefined): boolean {
  const v = text ?? '';
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  throw badRequest(`strconv.ParseBool: parsing ${JSON.stringify(v)}: invalid syntax`);
}
