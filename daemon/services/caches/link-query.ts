import type { AppContext } from '../../context.js';
import { badRequest } from '../errors.js';
import { toInteger } from '../params.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';
import type { DsServerLink, LinkQuery } from '../../store/servers.js';

/** GET deliveryserviceserver's query as Traffic Ops read it. */
export interface LinkQueryText {
  orderby?: string;
  limit?: string;
  page?: string;
  deliveryserviceids?: string;
  serverids?: string;
}

const ORDERS: Readonly<Record<string, LinkQuery['orderBy']>> = {
  deliveryservice: 'deliveryService',
  deliveryService: 'deliveryService',
  server: 'server',
  lastupdated: 'lastUpdated',
  lastUpdated: 'lastUpdated',
  last_updated: 'lastUpdated',
};

function idList(key: string, text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const ids = text.split(',').map((p) => toInteger(p.trim()));
  if (ids.some((n) => n === null))
    throw badRequest(`${key} query parameter must be a comma-delimited list of integers, got '${text}'`);
  return ids as number[];
}

export interface LinkPage {
  orderby: string;
  links: DsServerLink[];
  page: number;
  limit: number;
}

/**
 * The links the caller sees (of delivery services in its tenancy), a page of them. The id-list filters exist
 * from 1.4 (`filters`); an unknown `orderby` fails as it did in Traffic Ops (a 500).
 */
export async function listLinks(
  ctx: AppContext,
  principal: Principal,
  q: LinkQueryText,
  filters: boolean,
): Promise<LinkPage> {
  // Traffic Ops failed (500) on an unknown order; cdnctl orders by delivery service instead.
  const orderby = q.orderby && ORDERS[q.orderby] ? q.orderby : 'deliveryService';
  const orderBy = ORDERS[orderby];
  const limit = toInteger(q.limit ?? '20') ?? 20;
  const page = q.page === undefined ? 0 : (toInteger(q.page) ?? 0);
  const dsIds = filters ? idList('deliveryserviceids', q.deliveryserviceids) : undefined;
  const serverIds = filters ? idList('serverids', q.serverids) : undefined;
  const tenants = [...(await visibleTenants(ctx, principal))];
  const offset = page > 0 ? (page - 1) * limit : 0;
  const links = await ctx.store.servers.listLinks({ dsIds, serverIds, tenants, orderBy, limit, offset });
  return { orderby, links, page, limit };
}
