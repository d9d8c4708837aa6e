import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { serve } from '../../daemon/server.js';
import { importSnapshot } from '../../daemon/services/snapshot/import.js';
import { openDatabase } from '../../daemon/store/sqlite/db.js';
import { seedDatabase } from '../../daemon/store/sqlite/seed.js';
import { dataFiles } from '../../shared/paths.js';
import { Cli, type CliDirs } from './cli.js';

export const PASSWORDS = {
  admin: 'Adm1nPassw0rd!',
  ro_user: 'R3adOnlyPassw0rd',
  ops_user: '0psUserPassw0rd',
  tenanta_user: '0psUserPassw0rd',
} as const;

export type FixtureUser = keyof typeof PASSWORDS;

export interface CliDaemon extends CliDirs {
  url: string;
  /** The temp dir holding the data and config dirs; tests put their own files here. */
  root: string;
  stop(): Promise<void>;
}

/** The CLI fixture snapshot: cdn1, tenant-a, ds1-ds3, one secondary origin, fed1, four users. */
export const CLI_SNAPSHOT = new URL('../cli/fixtures/cli.snapshot.json', import.meta.url);

export interface CliDaemonOptions {
  /** The snapshots imported in order over the seeded database; default: the CLI fixture. */
  snapshots?: URL[];
  /** The admin's password; default PASSWORDS.admin. */
  adminPassword?: string;
  /** The temp dir's name prefix. */
  prefix?: string;
}

/** A temp root with `data` (0700, made) and `config` (left for the CLI to make) dirs inside. */
export function tempCliDirs(prefix = 'cdnctl-cli-'): CliDirs & { root: string } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dataDir = join(root, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  return { root, dataDir, configDir: join(root, 'config') };
}

async function seed(dataDir: string, snapshots: URL[]): Promise<void> {
  const db = openDatabase(dataFiles(dataDir).database);
  seedDatabase(db, Date.now());
  for (const snapshot of snapshots) await importSnapshot(db, JSON.parse(readFileSync(snapshot, 'utf8')));
  db.close();
}

/** Seeds `dirs.dataDir`, then serves it on a random loopback port; its daemon.json is what the CLI finds. */
async function serveIn(dirs: CliDirs & { root: string }, options: CliDaemonOptions): Promise<CliDaemon> {
  await seed(dirs.dataDir, options.snapshots ?? [CLI_SNAPSHOT]);
  const adminPassword = options.adminPassword ?? PASSWORDS.admin;
  const daemon = await serve({
    dataDir: dirs.dataDir,
    listen: '127.0.0.1:0',
    adminPassword,
    say: () => undefined,
    logger: false,
  });
  return {
    ...dirs,
    url: daemon.url,
    async stop() {
      await daemon.close();
      rmSync(dirs.root, { recursive: true, force: true });
    },
  };
}

/** A real daemon in-process over a temp data dir loaded with the CLI fixture snapshot (or `options.snapshots`). */
export function startCliDaemon(options: CliDaemonOptions = {}): Promise<CliDaemon> {
  return serveIn(tempCliDirs(options.prefix), options);
}

/**
 * The setup of a CLI test file: a fixture daemon started before its tests and stopped after, and a `cdnctl`
 * bound to its temp dirs, logged in as `login` when given (`loginArgs` added to that login). Both are usable at
 * once; the daemon's `url` once the file's tests run.
 */
export function useCliDaemon(options: CliDaemonOptions & { login?: FixtureUser; loginArgs?: string[] } = {}): {
  daemon: CliDaemon;
  cli: Cli;
} {
  const dirs = tempCliDirs(options.prefix);
  let running: CliDaemon | null = null;
  const daemon: CliDaemon = {
    ...dirs,
    get url(): string {
      if (!running) throw new Error('the CLI daemon is not started yet: use daemon.url inside a test or hook');
      return running.url;
    },
    stop: async () => {
      await running?.stop();
      running = null;
      rmSync(dirs.root, { recursive: true, force: true });
    },
  };
  const cli = new Cli(dirs);
  beforeAll(async () => {
    running = await serveIn(dirs, options);
    if (options.login) await cli.login(options.login, PASSWORDS[options.login], options.loginArgs);
  });
  afterAll(() => daemon.stop());
  return { daemon, cli };
}
