import type { AppContext } from '../../context.js';
import type { ChangeEntry } from '../../store/change-log.js';
import type { Queued } from '../../store/profile-writes.js';
import { cdnTenants } from '../caches/change-entries.js';
import { changeAs } from '../change.js';
import { toInteger } from '../params.js';
import { badRequest } from '../errors.js';
import type { Principal } from '../principal.js';

/*
 * Change-log entries of profile and parameter writes (reference §11): Traffic Ops' generic and custom texts, and
 * cdnctl's own entry for the caches a write queued (docs/api/behavior.md, "Profiles and parameters"). Profiles
 * and parameters carry no tenant: their entries are shown to every reader; a queue entry is about the tenants of
 * the queued caches' CDNs, as a CDN's queue_update is.
 */

/** `<TYPE>: <auditName>, ID: <id>, ACTION: <Created|Updated|Deleted> <type>, keys: { <k>:<v> }`. */
export function genericText(type: string, auditName: string, id: number | null, action: string, keys: string): string {
  return `${type.toUpperCase()}: ${auditName}, ID: ${id ?? 'N/A'}, ACTION: ${action} ${type}, keys: { ${keys} }`;
}

/** A generic entry by `principal`, about no tenant. */
export const entry = (ctx: AppContext, principal: Principal, message: string): ChangeEntry =>
  changeAs(ctx, principal, message);

/**
 * The entry of the caches a write queued: `<subject>, ACTION: Queued updates on <n> servers` (none queued: no
 * entry). The CDNs' tenants are read before the write, since an entry is made inside its transaction.
 */
export async function queueChange(
  ctx: AppContext,
  principal: Principal,
  subject: () => string,
): Promise<(result: object) => ChangeEntry | null> {
  const tenantsByCdn = new Map<number, number[]>();
  for (const cdn of await ctx.store.cdns.list()) tenantsByCdn.set(cdn.id, await cdnTenants(ctx, cdn.id));
  return (result) => {
    if (!('queued' in result)) return null;
    const queued = result.queued as Queued;
    const n = queued.hostNames.length;
    if (n === 0) return null;
    const tenants = queued.cdnIds.flatMap((id) => tenantsByCdn.get(id) ?? []);
    return changeAs(ctx, principal, `${subject()}, ACTION: Queued updates on ${n} servers`, tenants);
  };
}

/** A path id: 400 `missing key: id` when absent, `failed to parse key: id` when not an integer (generic CRUD). */
export function pathId(text: string | undefined, key = 'id'): number {
  if (text === undefined || text === '') throw badRequest(`missing key: ${key}`);
  const id = toInteger(text);
  if (id === null) throw badRequest(`failed to parse key: ${key}`);
  return id;
}
