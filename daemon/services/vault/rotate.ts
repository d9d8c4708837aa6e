import { existsSync, renameSync, rmSync } from 'node:fs';
import { newMasterKey, pendingKeyPath, writeMasterKeyFile } from './master-key.js';
import { openDataDirVault, type VaultSettings } from './open.js';

/** What a rotation did: how many secrets were resealed and where the new key is. */
export interface RotationResult {
  resealed: number;
  keyFile: string;
}

/**
 * Reseals every secret of a data dir's key store under a new master key in one transaction. The new key goes to
 * `<target>.new` first and is renamed over the key file only after the commit, so a crash at any point leaves a
 * key that opens the store (openDataDirVault adopts a pending key that does). `newKeyFile` is required when
 * the current key comes from CDNCTL_VAULT_KEY. Throws with a message for the operator.
 */
export async function rotateMasterKey(settings: VaultSettings, newKeyFile?: string): Promise<RotationResult> {
  const { vault, source } = await openDataDirVault(settings);
  try {
    const state = vault.state;
    if (!state.available) throw new Error(`the key store cannot be opened: ${state.reason}`);
    const target = newKeyFile ?? (source.kind === 'file' ? source.path : null);
    if (!target) {
      throw new Error(
        'the master key comes from CDNCTL_VAULT_KEY: name a file for the new key with --new-key-file FILE',
      );
    }
    const key = newMasterKey();
    const pending = pendingKeyPath(target);
    writeMasterKeyFile(pending, key);
    let resealed: number;
    try {
      resealed = await vault.rotate(key);
    } catch (err) {
      rmSync(pending, { force: true });
      throw err;
    }
    if (existsSync(pending)) renameSync(pending, target);
    return { resealed, keyFile: target };
  } finally {
    await vault.close();
  }
}
