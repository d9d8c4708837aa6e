import { chmodSync, existsSync, renameSync, statSync } from 'node:fs';
import type { KeyStore } from '../../store/keystore.js';
import {
  keySource,
  newMasterKey,
  pendingKeyPath,
  readMasterKey,
  vaultFiles,
  writeMasterKeyFile,
  type KeySource,
} from './master-key.js';
import { openVaultDatabase, sqliteKeyStore } from '../../store/sqlite/keystore.js';
import { Vault } from './vault.js';

/** How a data directory's key store is found: the data dir, the environment, config.json's `vault.keyFile`. */
export interface VaultSettings {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  keyFile?: string;
  /**
   * The key store to use instead of `<data-dir>/vault.db`: on PostgreSQL the shared database's (pgKeyStore), so
   * every daemon on it serves the same keys. The master key still comes from the data dir or the environment.
   */
  keyStore?: KeyStore;
}

/** The key store of a data dir and where its master key comes from. */
export interface DataDirVault {
  vault: Vault;
  source: KeySource;
  /** Set when this start created the master key file. */
  createdKeyFile?: string;
  /** Set when this start took group and other access away from the key file: its path and former mode. */
  tightenedKeyFile?: { path: string; mode: number };
}

/**
 * A key store this start must not open at all: the daemon refuses to start with this reason rather than serve
 * (and seal new secrets) in a state that would leave the store sealed under two keys.
 */
export class VaultRefusal extends Error {}

/**
 * Opens `<data-dir>/vault.db` and its master key; creates `<data-dir>/vault.key` on first start (only while the
 * store holds nothing sealed) and tightens a key file others may read to 0600. Throws only a VaultRefusal (sealed
 * secrets without a key check or a key file); whatever else is wrong makes an unavailable vault, whose reason the
 * key routes answer with 503, and the daemon serves everything else.
 */
export async function openDataDirVault(settings: VaultSettings): Promise<DataDirVault> {
  const files = vaultFiles(settings.dataDir);
  const source = keySource(settings.dataDir, settings.env, settings.keyFile);
  let store: KeyStore;
  try {
    if (settings.keyStore) return await withKey(settings.keyStore, source, settings.env);
  } catch (err) {
    if (err instanceof VaultRefusal) throw err;
    return { vault: Vault.unavailable((err as Error).message, settings.keyStore), source };
  }
  try {
    store = sqliteKeyStore(openVaultDatabase(files.database));
    for (const suffix of ['', '-wal', '-shm']) tightenMode(files.database + suffix);
  } catch (err) {
    return { vault: Vault.unavailable(`cannot open ${files.database}: ${(err as Error).message}`), source };
  }
  try {
    return await withKey(store, source, settings.env);
  } catch (err) {
    if (err instanceof VaultRefusal) {
      await store.close();
      throw err;
    }
    return { vault: Vault.unavailable((err as Error).message, store), source };
  }
}

async function withKey(store: KeyStore, source: KeySource, env: NodeJS.ProcessEnv): Promise<DataDirVault> {
  const check = await store.keyCheck();
  let key = readMasterKey(source, env);
  let tightenedKeyFile: DataDirVault['tightenedKeyFile'];
  if (source.kind === 'file') {
    key = finishRotation(source.path, key, check);
    if (!key && source.isDefault && check === null) {
      await refuseIfSealed(store, source.path);
      key = newMasterKey();
      writeMasterKeyFile(source.path, key);
      return { vault: await Vault.open(store, key, ''), source, createdKeyFile: source.path };
    }
    tightenedKeyFile = tightenKeyFile(source.path);
  }
  const vault = await Vault.open(store, key, missingKeyReason(source, check !== null));
  return { vault, source, ...(tightenedKeyFile ? { tightenedKeyFile } : {}) };
}

/**
 * A store without a key check is new only when it holds no sealed secret. One that holds some lost its key check
 * (and its key file is gone): minting a key would seal new secrets under a second key beside the old ones.
 */
async function refuseIfSealed(store: KeyStore, keyFile: string): Promise<void> {
  const sealed = (await store.list()).length;
  if (sealed === 0) return;
  throw new VaultRefusal(
    `the key store holds sealed secrets (${sealed}) but no key check, and its master key file ${keyFile} does not exist: ` +
      'restore that file (or set CDNCTL_VAULT_KEY); a new key would leave the store sealed under two keys',
  );
}

/**
 * The master key file must be readable by its owner only, like the databases beside it: a file others may read
 * (an operator's `echo > vault.key` under umask 022) is tightened to 0600 rather than refused, since refusing
 * would take the key routes down for a file the daemon can fix itself; the start says so. A file it cannot
 * change (another owner's) makes the vault unavailable, naming the file.
 */
function tightenKeyFile(path: string): DataDirVault['tightenedKeyFile'] {
  if (!existsSync(path)) return undefined;
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) === 0) return undefined;
  try {
    chmodSync(path, mode & 0o700);
  } catch {
    throw new Error(
      `the master key file ${path} is readable by others (mode ${octal(mode)}) and cannot be made private`,
    );
  }
  return { path, mode };
}

export const octal = (mode: number) => `0${mode.toString(8).padStart(3, '0')}`;

/**
 * A rotation writes the new key to `<key file>.new`, reseals, then renames it over the key file. When it stopped
 * between the two, the pending key is the one that opens the store: adopt it.
 */
function finishRotation(path: string, key: Buffer | null, check: Buffer | null): Buffer | null {
  const pending = pendingKeyPath(path);
  if (check === null || !existsSync(pending)) return key;
  if (key && Vault.keyOpens(key, check)) return key;
  const next = readMasterKey({ kind: 'file', path: pending, isDefault: false }, {});
  if (next && Vault.keyOpens(next, check)) {
    renameSync(pending, path);
    return next;
  }
  return key;
}

function missingKeyReason(source: KeySource, sealed: boolean): string {
  if (source.kind === 'env') return 'CDNCTL_VAULT_KEY is empty';
  const what = sealed ? 'the key store was sealed under a key: restore that file' : 'create it';
  return `no master key: the key file ${source.path} does not exist (${what}, or set CDNCTL_VAULT_KEY)`;
}

/**
 * Takes group and other access away from a key-store file. Never widens a mode (a file an operator made read-only
 * stays so) and leaves a file already private alone, so a data dir on a read-only filesystem still opens for reads.
 */
function tightenMode(file: string): void {
  if (!existsSync(file)) return;
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) chmodSync(file, mode & 0o700);
}
