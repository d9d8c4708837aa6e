import type { AppContext } from '../../context.js';
import type { UserFederationMapping } from '../../store/federation-resolvers.js';
import type { FederationMappingRequest, UserFederationRecord } from '../../../shared/contract/federations.js';
import { changeAs } from '../change.js';
import { badRequest, conflict } from '../errors.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';
import { isAddressOrNetwork } from './resolver-input.js';

/**
 * A federation user's own resolver mappings, `federations` GET/POST/PUT/DELETE (reference traffic-ops-wave3.md
 * §8.1): the federations assigned to the caller, per delivery service the caller may see.
 */

const invalid = (text: string) => badRequest(`validating request: ${text}`);
const EMPTY = 'must specify at least one Delivery Service/Federation Resolver(s) mapping';

/** The caller's mappings, one element per delivery service (in xmlId order), its federations' resolvers by family. */
export async function userFederations(ctx: AppContext, principal: Principal): Promise<UserFederationRecord[]> {
  const visible = await visibleTenants(ctx, principal);
  const rows = (await ctx.store.federationResolvers.userMappings(principal.userId)).filter((m) =>
    visible.has(m.dsTenantId),
  );
  const byDs = new Map<string, UserFederationRecord>();
  for (const m of rows) {
    const element = byDs.get(m.xmlId) ?? { mappings: [], deliveryService: m.xmlId };
    element.mappings.push(mappingOf(m));
    byDs.set(m.xmlId, element);
  }
  return [...byDs.values()];
}

function mappingOf(m: UserFederationMapping): UserFederationRecord['mappings'][number] {
  const of = (type: string) => m.resolvers.filter((r) => r.type === type).map((r) => r.ipAddress);
  const [resolve4, resolve6] = [of('RESOLVE4'), of('RESOLVE6')];
  return {
    ttl: m.ttl,
    cname: m.cname,
    ...(resolve4.length > 0 ? { resolve4 } : {}),
    ...(resolve6.length > 0 ? { resolve6 } : {}),
  };
}

/** The items of a mapping body: a bare array (1.4+) or the legacy `{federations: […]}`. */
export function mappingItems(body: unknown): FederationMappingRequest[] {
  const items = Array.isArray(body)
    ? body
    : body !== null && typeof body === 'object' && Array.isArray((body as { federations?: unknown }).federations)
      ? (body as { federations: unknown[] }).federations
      : null;
  if (items === null || items.length === 0) throw invalid(EMPTY);
  return items.map(checkItem);
}

const stringList = (value: unknown, key: string): string[] => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw invalid(`${key}: must be a list of strings`);
  return value as string[];
};

function checkItem(raw: unknown): FederationMappingRequest {
  const item = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (typeof item.deliveryService !== 'string' || item.deliveryService === '') {
    throw invalid('deliveryService: cannot be blank');
  }
  const mappings = (item.mappings !== null && typeof item.mappings === 'object' ? item.mappings : {}) as Record<
    string,
    unknown
  >;
  const resolve4 = stringList(mappings.resolve4, 'resolve4');
  const resolve6 = stringList(mappings.resolve6, 'resolve6');
  for (const ip of resolve4) if (!isAddressOrNetwork(ip, 4)) throw invalid(`[ ${ip} ] is not a valid ip address.`);
  for (const ip of resolve6) if (!isAddressOrNetwork(ip, 6)) throw invalid(`[ ${ip} ] is not a valid ip address.`);
  return { deliveryService: item.deliveryService, mappings: { resolve4, resolve6 } };
}

/** The type ids of RESOLVE4 and RESOLVE6 (seeded by the schema). */
async function resolverTypeIds(ctx: AppContext): Promise<{ RESOLVE4: number; RESOLVE6: number }> {
  const find = async (name: string) => {
    const type = await ctx.store.typeLookup.find('federation', { name });
    if (!type) throw new Error(`type ${name} of federation resolvers is missing`);
    return type.id;
  };
  return { RESOLVE4: await find('RESOLVE4'), RESOLVE6: await find('RESOLVE6') };
}

/** Each item's federation of the caller (409 for an invisible or unknown delivery service, or none of the caller's). */
async function targets(ctx: AppContext, principal: Principal, items: FederationMappingRequest[]) {
  const visible = await visibleTenants(ctx, principal);
  const mine = await ctx.store.federationResolvers.userMappings(principal.userId);
  const found: { item: FederationMappingRequest; mapping: UserFederationMapping }[] = [];
  for (const item of items) {
    const ds = await ctx.store.deliveryServices.byXmlId(item.deliveryService);
    if (!ds || !visible.has(ds.tenantId)) throw conflict(`'${item.deliveryService}' - no such Delivery Service`);
    const mapping = mine.find((m) => m.xmlId === ds.xmlId);
    if (!mapping) {
      throw conflict(`No federation(s) found for user ${principal.username} on delivery service '${ds.xmlId}'.`);
    }
    found.push({ item, mapping });
  }
  return found;
}

type Targets = Awaited<ReturnType<typeof targets>>;

/** POST federations: adds the resolvers of every item to the caller's federation on its delivery service. */
export async function addUserResolvers(ctx: AppContext, principal: Principal, items: FederationMappingRequest[]) {
  return addToTargets(ctx, principal, await targets(ctx, principal, items));
}

/**
 * PUT federations: every item is checked before the caller's resolvers go, so a refused item (409) leaves them
 * (Traffic Ops ran the delete and the adds in the request's one transaction, rolled back on the refusal).
 * Answers the deleted and the created texts.
 */
export async function replaceUserResolvers(
  ctx: AppContext,
  principal: Principal,
  items: FederationMappingRequest[],
): Promise<[string, string]> {
  const found = await targets(ctx, principal, items);
  const deleted = await removeUserResolvers(ctx, principal, false);
  return [deleted, await addToTargets(ctx, principal, found)];
}

async function addToTargets(ctx: AppContext, principal: Principal, found: Targets) {
  const types = await resolverTypeIds(ctx);
  for (const { item, mapping } of found) {
    const resolvers = [
      ...(item.mappings.resolve4 ?? []).map((ipAddress) => ({ ipAddress, typeId: types.RESOLVE4 })),
      ...(item.mappings.resolve6 ?? []).map((ipAddress) => ({ ipAddress, typeId: types.RESOLVE6 })),
    ];
    const message = (ips: string[]) =>
      `FEDERATION DELIVERY SERVICE: ${mapping.xmlId}, ID: ${mapping.federationId}, ACTION: User ${principal.username} successfully added federation resolvers [ ${ips.join(', ')} ]`;
    await ctx.store.federationResolvers.addForFederation(mapping.federationId, resolvers, ctx.clock(), (ips) =>
      changeAs(ctx, principal, message(ips), [mapping.dsTenantId]),
    );
  }
  return `${principal.username} successfully created federation resolvers.`;
}

/** DELETE federations (and the first half of PUT): every resolver of the caller's federations; their IPs. */
export async function removeUserResolvers(ctx: AppContext, principal: Principal, mustExist: boolean) {
  const text = (ips: string[]) =>
    `${principal.username} successfully deleted all federation resolvers: [ ${ips.join(', ')} ]`;
  const ips = await ctx.store.federationResolvers.removeForUser(principal.userId, (gone) =>
    gone.length === 0
      ? null
      : changeAs(ctx, principal, `USER: ${principal.username}, ID: ${principal.userId}, ACTION: ${text(gone)}`, [
          principal.tenantId,
        ]),
  );
  if (ips.length === 0 && mustExist) throw conflict(`No federation resolvers to delete for user ${principal.username}`);
  return text(ips);
}
