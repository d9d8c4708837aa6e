import type { AppContext } from '../../context.js';
import type { FederationResolver } from '../../store/federation-resolvers.js';
import { changeAs } from '../change.js';
import { badRequest, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { isAddressOrNetwork } from './resolver-input.js';

/** Federation resolvers (reference §8.3): IPs or networks of type RESOLVE4/RESOLVE6. */

export interface ResolverFilter {
  id?: number;
  ipAddress?: string;
  type?: string;
}

/** GET federation_resolvers, filtered by id, IP address and type name. */
export async function listResolvers(ctx: AppContext, filter: ResolverFilter): Promise<FederationResolver[]> {
  return (await ctx.store.federationResolvers.list()).filter(
    (r) =>
      (filter.id === undefined || r.id === filter.id) &&
      (filter.ipAddress === undefined || r.ipAddress === filter.ipAddress) &&
      (filter.type === undefined || r.type === filter.type),
  );
}

/** Checks a POST body `{ipAddress, typeId}` with Traffic Ops' texts (`validating: a; b.`). */
export function parseResolver(raw: unknown): { ipAddress: string; typeId: number } {
  const body = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const problems: string[] = [];
  const ip = body.ipAddress;
  if (typeof ip !== 'string' || ip === '') problems.push('ipAddress: cannot be blank');
  else if (!isAddressOrNetwork(ip)) problems.push('ipAddress: invalid network IP or CIDR-notation subnet');
  const typeId = body.typeId;
  if (typeId === undefined || typeId === null || typeId === 0) problems.push('typeId: cannot be blank');
  // Safe integers only: a larger id (1e20) reached PostgreSQL's bigint cast and was a 500.
  else if (typeof typeId !== 'number' || !Number.isSafeInteger(typeId)) problems.push('typeId: must be an integer');
  if (problems.length > 0) throw badRequest(`validating: ${problems.join('; ')}.`);
  return { ipAddress: ip as string, typeId: typeId as number };
}

/** POST federation_resolvers: the type must be a federation resolver type (RESOLVE4/RESOLVE6). */
export async function createResolver(
  ctx: AppContext,
  principal: Principal,
  r: { ipAddress: string; typeId: number },
): Promise<FederationResolver> {
  const type = await ctx.store.typeLookup.find('federation', { id: r.typeId });
  if (!type) throw badRequest('validating: typeId: must be the id of a RESOLVE4 or RESOLVE6 type.');
  const id = await ctx.store.federationResolvers.insert(r, ctx.clock(), (created) =>
    created === null
      ? null
      : changeAs(ctx, principal, `FEDERATION_RESOLVER: ${r.ipAddress}, ID: ${created}, ACTION: Created`, []),
  );
  if (id === null) throw badRequest(`federation_resolver ip_address '${r.ipAddress}' already exists.`);
  const created = await ctx.store.federationResolvers.byId(id);
  if (!created) throw new Error(`federation resolver ${id} vanished after its creation`);
  return created;
}

/** DELETE federation_resolvers?id= and federation_resolvers/{id}. */
export async function deleteResolver(ctx: AppContext, principal: Principal, id: number): Promise<FederationResolver> {
  const gone = await ctx.store.federationResolvers.remove(id, (r) =>
    r === null
      ? null
      : changeAs(ctx, principal, `FEDERATION_RESOLVER: ${r.ipAddress}, ID: ${r.id}, ACTION: Deleted`, []),
  );
  if (!gone) throw notFound(`No federation resolver by ID ${id}`);
  return gone;
}
