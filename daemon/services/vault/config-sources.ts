import type { UrlSigKeys } from './url-keys.js';
import type { Vault } from './vault.js';

/** The URL-signing keys a delivery service's url_sig config carries, or null. */
export async function urlSigKeysFor(vault: Vault, xmlId: string): Promise<UrlSigKeys | null> {
  return (await vault.read<UrlSigKeys>({ kind: 'url_sig', owner: xmlId, version: 0 }))?.secret ?? null;
}
