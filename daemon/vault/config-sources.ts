import type { DeliveryService } from '../store/deliveryservices.js';
import type { SslKeys } from './ssl-records.js';
import type { UrlSigKeys } from './url-keys.js';
import type { Vault } from './vault.js';
import type { MulticertEntry } from './config-files.js';

/** The URL-signing keys a delivery service's url_sig config carries, or null. */
export async function urlSigKeysFor(vault: Vault, xmlId: string): Promise<UrlSigKeys | null> {
  return (await vault.read<UrlSigKeys>({ kind: 'url_sig', owner: xmlId, version: 0 }))?.secret ?? null;
}

/**
 * The newest TLS keys of the HTTPS delivery services among `services` (protocol other than 0, HTTP only): the
 * ssl_multicert.config entries and, for the certificate files, the keys themselves.
 */
export async function tlsKeysFor(vault: Vault, services: readonly DeliveryService[]): Promise<{ entry: MulticertEntry; keys: SslKeys }[]> {
  const found: { entry: MulticertEntry; keys: SslKeys }[] = [];
  for (const ds of services) {
    if (ds.protocol === 0) continue;
    const stored = await vault.readLatest<SslKeys>('ssl', ds.xmlId);
    if (stored) found.push({ entry: { xmlId: ds.xmlId, hostname: stored.secret.hostname }, keys: stored.secret });
  }
  return found;
}
