import type { ServiceLog } from '../log.js';
import type { AppContext } from '../../context.js';
import { ApiError, forbidden, notFound } from '../errors.js';
import { PRIV, type Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import { requireVault } from '../vault/access.js';
import { keyFileNamesWithoutVault, keyFiles, type KeyFile } from './ats-key-files.js';

/*
 * Who may have a cache's key-store files (issue 28): the cache's own agents (the logins bound to the server)
 * every one of them; an admin those whose delivery services' keys it may read through the key routes (their
 * tenants are among the ones it sees, BEHAVIOR.md §3); nobody else.
 */

/** Whether the caller may have a file holding the keys of `owners` (xmlIds); null: no key-store file at all. */
export type KeyReader = ((owners: readonly string[]) => boolean) | null;

/** What this caller may read of the server's key-store files, given the delivery services the server has. */
export async function keyReader(
  ctx: AppContext,
  principal: Principal,
  serverId: number,
  services: readonly DeliveryService[],
): Promise<KeyReader> {
  if (await ctx.store.serverAgents.isBound(serverId, principal.userId)) return () => true;
  if (principal.privLevel < PRIV.ADMIN) return null;
  const visible = await visibleTenants(ctx, principal);
  const tenantOf = new Map(services.map((ds) => [ds.xmlId, ds.tenantId]));
  return (owners) => owners.every((xmlId) => visible.has(tenantOf.get(xmlId) ?? -1));
}

export interface KeyFileSource {
  target: Parameters<typeof keyFiles>[1];
  services: readonly DeliveryService[];
}

/**
 * The key-store files to list for the caller: only those it may fetch and that open, so an agent never asks for a
 * file it cannot have (one refused file fails its whole apply) and keeps its previous copy of a broken one. With
 * the key store unavailable, the names it has without it (fetching them answers 503).
 */
export async function listedKeyFiles(
  ctx: AppContext,
  may: KeyReader,
  source: KeyFileSource,
  log: ServiceLog,
): Promise<string[]> {
  if (!may) return [];
  const files = ctx.vault?.state.available
    ? await keyFiles(ctx.vault, source.target, source.services)
    : keyFileNamesWithoutVault(source.services);
  for (const f of files)
    if (f.broken)
      log.error({ file: f.name, err: f.broken }, 'key-store file left out of the list: a sealed secret does not open');
  return files.filter((f) => may(f.owners) && (f.body !== null || !ctx.vault?.state.available)).map((f) => f.name);
}

/** One key-store file's text for the caller: 403 when it may not have it, 404 unknown, 503 when it cannot be made. */
export async function keyFileText(
  ctx: AppContext,
  may: KeyReader,
  source: KeyFileSource,
  name: string,
  log: ServiceLog,
): Promise<string> {
  if (!may) throw forbidden();
  const vault = requireVault(ctx);
  const file: KeyFile | undefined = (await keyFiles(vault, source.target, source.services)).find(
    (f) => f.name === name,
  );
  if (!file) throw notFound(`config file '${name}' not found`);
  if (!may(file.owners)) throw forbidden('not authorized on this tenant');
  if (file.body === null) {
    log.error({ file: name, err: file.broken }, 'key-store file not served: a sealed secret does not open');
    throw new ApiError(
      503,
      'this config file cannot be made: a sealed secret it needs does not open (the daemon log says which)',
    );
  }
  return file.body;
}
