// The daemon's one door for the CLI: `cdnctl daemon ...` (commands/daemon-*.ts) reaches the daemon through this
// module only, never its internals. The lock check, snapshots, the store and the key store load with it (a few
// tens of milliseconds); the HTTP server and the process set-up load on first use, so `daemon status` and
// `daemon stop` do not pay for Fastify.
import type { ConfigFile, RunningDaemon, ServeOptions } from './server.js';
import type { LogLevel } from './edge/access-log.js';

export { dataDirLocked, lockOwner, lockOwnerPid } from './data-dir-lock.js';
export { loadDemo } from './services/snapshot/demo.js';
export { exportSnapshot, snapshotText } from './services/snapshot/export.js';
export { bootstrapForImport, importSnapshot } from './services/snapshot/import.js';
export { SECTIONS, SnapshotError, type ImportSummary } from './store/snapshot-types.js';
export { bootstrap } from './services/auth/bootstrap.js';
export { openDatabase, type Db } from './store/sqlite/db.js';
export { type Store } from './store/index.js';
export { sqliteStore } from './store/sqlite/index.js';
export { configuredDatabase, openPostgres, openSqliteFile, openStore, type OpenedStore } from './open-store.js';
export { openDataDirVault } from './services/vault/open.js';
export type { KeyStore } from './store/keystore.js';
export { rotateMasterKey } from './services/vault/rotate.js';
export { checkKeys, exportKeys, storeKeys, type SnapshotKey } from './services/vault/snapshot-keys.js';
export type { ConfigFile, RunningDaemon, ServeOptions };

/** Opens the data dir, bootstraps the database on first start, and listens (daemon/server.ts). */
export async function serve(options: ServeOptions): Promise<RunningDaemon> {
  return (await import('./server.js')).serve(options);
}

/** The data dir's config.json, or {} when there is none (daemon/server.ts). */
export async function readConfigFile(file: string): Promise<ConfigFile> {
  return (await import('./server.js')).readConfigFile(file);
}

/** Tunes this process to run the daemon and answers the log level the environment asks for (daemon/runtime.ts). */
export async function prepareDaemonProcess(env: NodeJS.ProcessEnv): Promise<{ logLevel: LogLevel }> {
  return (await import('./runtime.js')).prepareDaemonProcess(env);
}
