import type { AppContext } from '../../context.js';
import { badRequest } from '../errors.js';
import { toInteger } from '../params.js';
import type { Principal } from '../principal.js';
import type { Server } from '../../store/servers.js';
import { serverVisibility } from './visibility.js';

/** GET servers/details' query: `hostName` and/or `physLocationID`; `orderby` and `limit` as Traffic Ops read them. */
export interface DetailsQuery {
  hostName?: string;
  physLocationID?: string;
  orderby?: string;
  limit?: string;
}

/** The orderings servers/details accepts (Traffic Ops maps these to columns; anything else fails). */
const ORDERINGS: Readonly<Record<string, (a: Server, b: Server) => number>> = {
  hostName: (a, b) => (a.hostName < b.hostName ? -1 : a.hostName > b.hostName ? 1 : 0),
  id: (a, b) => a.id - b.id,
  cdnName: (a, b) => a.cdnName.localeCompare(b.cdnName),
  status: (a, b) => a.status.localeCompare(b.status),
  profile: (a, b) => a.profile.localeCompare(b.profile),
  type: (a, b) => a.type.localeCompare(b.type),
};

export interface Details {
  limit: number;
  orderby: string;
  servers: Array<{ server: Server; dsIds: number[] }>;
}

/** The visible servers a details query selects, in its order, at most `limit`, each with its delivery services. */
export async function serverDetails(ctx: AppContext, principal: Principal, q: DetailsQuery): Promise<Details> {
  if (!q.hostName && !q.physLocationID) throw badRequest("Missing required fields: 'hostname' or 'physLocationID'");
  const physLocation = q.physLocationID === undefined ? undefined : toInteger(q.physLocationID);
  if (physLocation === null) throw badRequest('physLocationID parameter is not an integer');
  // Traffic Ops failed (500) on an unknown column; cdnctl orders by hostName instead.
  const orderby = q.orderby && ORDERINGS[q.orderby] ? q.orderby : 'hostName';
  const order = ORDERINGS[orderby];
  const limit = q.limit === undefined ? 1000 : (toInteger(q.limit) ?? 1000);
  const list = await ctx.store.servers.list(
    { hostName: q.hostName || undefined, physLocation },
    await serverVisibility(ctx, principal),
  );
  const chosen = [...list].sort(order).slice(0, limit);
  const servers = [];
  for (const server of chosen) servers.push({ server, dsIds: await ctx.store.servers.deliveryServiceIds(server.id) });
  return { limit, orderby, servers };
}
