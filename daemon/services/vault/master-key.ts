import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MASTER_KEY_BYTES } from './seal.js';

/** Where the master key comes from: CDNCTL_VAULT_KEY, a key file named in config.json, or `<data-dir>/vault.key`. */
export type KeySource = { kind: 'env' } | { kind: 'file'; path: string; isDefault: boolean };

export const VAULT_KEY_ENV = 'CDNCTL_VAULT_KEY';

/** The files of the key store inside a data directory. */
export const vaultFiles = (dataDir: string) => ({
  database: join(dataDir, 'vault.db'),
  key: join(dataDir, 'vault.key'),
});

/** The environment wins over config.json's `vault.keyFile`, which wins over `<data-dir>/vault.key`. */
export function keySource(dataDir: string, env: NodeJS.ProcessEnv, configKeyFile?: string): KeySource {
  if (env[VAULT_KEY_ENV]) return { kind: 'env' };
  if (configKeyFile) return { kind: 'file', path: configKeyFile, isDefault: false };
  return { kind: 'file', path: vaultFiles(dataDir).key, isDefault: true };
}

/** A master key as written: base64 of 32 bytes, surrounding whitespace ignored. Throws naming `where`, never the text. */
export function parseMasterKey(text: string, where: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || key.length !== MASTER_KEY_BYTES) {
    throw new Error(`${where} does not hold a master key: expected the base64 of ${MASTER_KEY_BYTES} bytes`);
  }
  return key;
}

/** Reads the key of a source; null when its file does not exist. Throws when the value is malformed. */
export function readMasterKey(source: KeySource, env: NodeJS.ProcessEnv): Buffer | null {
  if (source.kind === 'env') return parseMasterKey(env[VAULT_KEY_ENV] ?? '', VAULT_KEY_ENV);
  if (!existsSync(source.path)) return null;
  return parseMasterKey(readFileSync(source.path, 'utf8'), source.path);
}

/** A new random master key. */
export const newMasterKey = (): Buffer => randomBytes(MASTER_KEY_BYTES);

/** Writes a key file readable by its owner only, atomically (a temporary file renamed over it). */
export function writeMasterKeyFile(path: string, key: Buffer): void {
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'w' });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/** Where a rotation leaves the new key until the key store is resealed under it. */
export const pendingKeyPath = (path: string) => `${path}.new`;
