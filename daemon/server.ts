import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { dataFiles, parseListen, type DaemonInfo } from '../shared/paths.js';
import { buildApp } from './app.js';
import { loggerOptions, type LogLevel } from './edge/access-log.js';
import {
  DEFAULT_CACHES_CONFIG,
  defaultConfig,
  type CachesConfig,
  type DaemonConfig,
  type SmtpConfig,
} from './config.js';
import { startReadinessChecks } from './services/caches/readiness.js';
import { forgetStaleHealth } from './services/health/health.js';
import { createMailer } from './services/mail/create.js';
import { bootstrap } from './services/auth/bootstrap.js';
import type { Store } from './store/index.js';
import { configuredDatabase, openStore } from './open-store.js';
import { octal, openDataDirVault } from './services/vault/open.js';
import { lockDataDir } from './data-dir-lock.js';
import { writePrivateFile } from './private-file.js';

export interface ServeOptions {
  dataDir: string;
  /** `HOST:PORT`; default the config file's `listen`, else 127.0.0.1:8480. */
  listen?: string;
  tlsCert?: string;
  tlsKey?: string;
  /** The initial admin password (CDNCTL_ADMIN_PASSWORD); generated when absent. */
  adminPassword?: string;
  /** SMTP URL (CDNCTL_SMTP_URL); wins over the config file. */
  smtpUrl?: string;
  /** The key store's master key (CDNCTL_VAULT_KEY, base64); wins over the key files. */
  vaultKey?: string;
  /**
   * A PostgreSQL URL (`--database`, else CDNCTL_DATABASE_URL): the store lives there instead of the data dir's
   * SQLite file; wins over config.json's `database`. The data dir keeps config, lock, key store and daemon.json.
   */
  database?: string;
  /** Runs after the database is ready and before listening: the demo loader uses it. */
  beforeListen?: (ctx: {
    dataDir: string;
    firstStart: boolean;
    store: Store;
    say: (line: string) => void;
  }) => Promise<void>;
  /** Where progress lines go (the printed admin password among them). */
  say?: (line: string) => void;
  logger?: boolean;
  /** The log's level (CDNCTL_LOG_LEVEL); default info. */
  logLevel?: LogLevel;
}

export interface RunningDaemon {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** The optional `<data-dir>/config.json`: listen, smtp, cors and portal settings. */
export interface ConfigFile {
  listen?: string;
  smtp?: SmtpConfig;
  cors?: { origins?: string[] };
  portalBaseUrl?: string;
  /** Caches (issue 15): check-in interval and readiness checks. */
  caches?: Partial<CachesConfig>;
  /** The key store: `keyFile`, where the master key is (default `<data-dir>/vault.key`). */
  vault?: { keyFile?: string };
  trustProxy?: string[];
  maxConnections?: number;
  headersTimeoutMs?: number;
  /** A PostgreSQL URL to use instead of the SQLite file (issue 18); `--database` and CDNCTL_DATABASE_URL win. */
  database?: string;
}

export function readConfigFile(file: string): ConfigFile {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ConfigFile;
  } catch (err) {
    throw new Error(`cannot read ${file}: ${(err as Error).message}`);
  }
}

export { writePrivateFile };

/** Opens the data dir, bootstraps the database on first start, and listens. The one place that listens. */
export async function serve(options: ServeOptions): Promise<RunningDaemon> {
  const files = dataFiles(options.dataDir);
  const created = !existsSync(options.dataDir);
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  if (created) chmodSync(options.dataDir, 0o700);
  // One daemon per data dir, for this process's whole life (released by the OS if it dies).
  const lock = lockDataDir(options.dataDir);
  try {
    return await serveLocked(options, files, () => lock.release());
  } catch (err) {
    lock.release();
    throw err;
  }
}

async function serveLocked(
  options: ServeOptions,
  files: ReturnType<typeof dataFiles>,
  unlock: () => void,
): Promise<RunningDaemon> {
  const say = options.say ?? ((line: string) => process.stdout.write(`${line}\n`));
  const fileConfig = readConfigFile(files.config);
  const listen = parseListen(options.listen ?? fileConfig.listen ?? '127.0.0.1:8480');
  if (!listen) throw new Error(`invalid listen address "${options.listen ?? fileConfig.listen}": expected HOST:PORT`);
  if (Boolean(options.tlsCert) !== Boolean(options.tlsKey)) throw new Error('--tls-cert and --tls-key go together');
  const tls = options.tlsCert && options.tlsKey ? { cert: options.tlsCert, key: options.tlsKey } : null;

  // The caller resolved `--database` and CDNCTL_DATABASE_URL into options.database; config.json comes last.
  const opened = await openStore(options.database || configuredDatabase(options.dataDir), files.database);
  const store = opened.store;
  try {
    return await serveOn(options, files, fileConfig, { tls, listen, say, opened }, unlock);
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
}

/** The key store of the data dir (or the database's), saying what its opening did or why it cannot serve. */
async function openVault(
  options: ServeOptions,
  fileConfig: ConfigFile,
  opened: Prepared['opened'],
  say: Prepared['say'],
) {
  const keyFile = fileConfig.vault?.keyFile;
  const { vault, createdKeyFile, tightenedKeyFile } = await openDataDirVault({
    dataDir: options.dataDir,
    env: { CDNCTL_VAULT_KEY: options.vaultKey },
    keyFile: keyFile ? resolve(options.dataDir, keyFile) : undefined,
    keyStore: opened.keyStore,
  });
  if (createdKeyFile) say(`created the key store's master key in ${createdKeyFile} (back it up apart from the data)`);
  if (tightenedKeyFile) {
    say(
      `the master key file ${tightenedKeyFile.path} was readable by others (mode ${octal(tightenedKeyFile.mode)}): made it 0600`,
    );
  }
  const vaultState = vault.state;
  if (!vaultState.available) say(`key store unavailable (key routes answer 503): ${vaultState.reason}`);
  return vault;
}

interface Prepared {
  tls: { cert: string; key: string } | null;
  listen: { host: string; port: number };
  say: (line: string) => void;
  opened: Awaited<ReturnType<typeof openStore>>;
}

async function serveOn(
  options: ServeOptions,
  files: ReturnType<typeof dataFiles>,
  fileConfig: ConfigFile,
  { tls, listen, say, opened }: Prepared,
  unlock: () => void,
): Promise<RunningDaemon> {
  const { store } = opened;
  const boot = await bootstrap(store, Date.now(), options.adminPassword);
  // A new SQLite file, or a database that had no user before this start (how PostgreSQL tells), is a first start.
  const firstStart = opened.newFile || boot.createdAdmin;
  if (boot.generatedPassword) {
    writePrivateFile(files.adminPassword, `${boot.generatedPassword}\n`);
    say(`created user admin with password: ${boot.generatedPassword}`);
    say(`(also written to ${files.adminPassword}; change it after logging in)`);
  } else if (boot.createdAdmin) {
    say('created user admin with the password from CDNCTL_ADMIN_PASSWORD');
  }
  await options.beforeListen?.({ dataDir: options.dataDir, firstStart, store, say });

  const smtp: SmtpConfig | null = options.smtpUrl
    ? { ...fileConfig.smtp, url: options.smtpUrl }
    : (fileConfig.smtp ?? null);
  const config: DaemonConfig = defaultConfig({
    dataDir: options.dataDir,
    host: listen.host,
    port: listen.port,
    tls,
    smtp,
    portalBaseUrl: fileConfig.portalBaseUrl ?? null,
    cors: { origins: fileConfig.cors?.origins ?? [] },
    caches: { ...DEFAULT_CACHES_CONFIG, ...fileConfig.caches },
    trustProxy: fileConfig.trustProxy ?? [],
    ...(fileConfig.maxConnections !== undefined ? { maxConnections: fileConfig.maxConnections } : {}),
    ...(fileConfig.headersTimeoutMs !== undefined ? { headersTimeoutMs: fileConfig.headersTimeoutMs } : {}),
  });
  const vault = await openVault(options, fileConfig, opened, say);
  const app = await buildApp({
    store,
    vault,
    config,
    mailer: createMailer(config),
    logger: options.logger === false ? false : loggerOptions(options.logLevel ?? 'info'),
    fastify: tls ? { https: { cert: readFileSync(tls.cert), key: readFileSync(tls.key) } } : {},
  });
  await app.listen({ host: listen.host, port: listen.port });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : listen.port;
  const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  const url = `${tls ? 'https' : 'http'}://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const info: DaemonInfo = { pid: process.pid, url, startedAt: new Date().toISOString(), store: opened.description };
  app.log.info({ store: opened.description }, 'store opened');
  writePrivateFile(files.daemonJson, `${JSON.stringify(info, null, 2)}\n`);

  const stopSweeps = startSweeps(store);
  const stopChecks = startReadinessChecks({
    store,
    clock: Date.now,
    config: config.caches,
    onError: (err) => app.log.error({ err }, 'readiness checks failed'),
  });
  let closing: Promise<void> | null = null;
  return {
    app,
    url,
    close() {
      closing ??= (async () => {
        stopSweeps();
        await stopChecks();
        await app.close();
        await store.close();
        await vault.close();
        rmSync(files.daemonJson, { force: true });
        unlock();
      })();
      return closing;
    },
  };
}

/** The background sweeps: expired sessions (every 10 min), health judgements no monitor renews (every 10 s). */
function startSweeps(store: Store): () => void {
  const every = (ms: number, sweep: () => Promise<unknown>) => {
    const timer = setInterval(() => void sweep().catch(() => undefined), ms);
    timer.unref();
    return timer;
  };
  const timers = [
    every(10 * 60_000, () => store.sessions.deleteExpired(Date.now())),
    every(10_000, () => forgetStaleHealth(store, Date.now())),
  ];
  return () => timers.forEach(clearInterval);
}
