import { resolve } from 'node:path';
import { CliError } from '../../errors.js';
import { dataFiles } from '../../../shared/paths.js';
import {
  configuredDatabase,
  openPostgres,
  readConfigFile,
  rotateMasterKey,
  type OpenedStore,
} from '../../../daemon/entry.js';
import { processAlive, readDaemonInfo } from './process.js';

/** The key store settings of a data dir: CDNCTL_VAULT_KEY, else config.json's `vault.keyFile`, else vault.key. */
export async function vaultSettings(dataDir: string) {
  const keyFile = (await readConfigFile(dataFiles(dataDir).config)).vault?.keyFile;
  return { dataDir, env: process.env, keyFile: keyFile ? resolve(dataDir, keyFile) : undefined };
}

/** `cdnctl daemon vault rotate-key`: only while no daemon runs on the data dir (it holds the old key). */
export async function rotateKeyCommand(dataDir: string, newKeyFile: string | undefined): Promise<void> {
  const running = readDaemonInfo(dataDir);
  if (running && processAlive(running.pid)) {
    throw new CliError(
      `a daemon is running for ${dataDir} (pid ${running.pid}); it holds the current key`,
      undefined,
      'stop it first: cdnctl daemon stop',
    );
  }
  let result;
  // On PostgreSQL the key store is the database's (issue 18): every daemon on it must be stopped and given the new key.
  const url = process.env.CDNCTL_DATABASE_URL || configuredDatabase(dataDir);
  let opened: OpenedStore | null = null;
  try {
    opened = url ? await openPostgres(url) : null;
    result = await rotateMasterKey(
      { ...(await vaultSettings(dataDir)), keyStore: opened?.keyStore },
      newKeyFile && resolve(newKeyFile),
    );
  } catch (err) {
    throw new CliError(`master key not rotated: ${(err as Error).message}`);
  } finally {
    await opened?.store.close();
  }
  process.stdout.write(`resealed ${result.resealed} secret(s) under a new master key, written to ${result.keyFile}\n`);
  if (process.env.CDNCTL_VAULT_KEY) {
    process.stdout.write(`set CDNCTL_VAULT_KEY to the content of ${result.keyFile} before starting the daemon\n`);
  } else if (newKeyFile) {
    process.stdout.write(`point the daemon at it: "vault": {"keyFile": "${result.keyFile}"} in config.json\n`);
  }
}
