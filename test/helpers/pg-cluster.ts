import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { guardServer } from './server-guard.js';
import { CLUSTER_OWNER_FILE, type ClusterOwner } from './server-sweep.js';

/**
 * A throw-away PostgreSQL cluster for tests: `initdb` in a temp dir, started on a free loopback port, dropped by
 * stop() (and at process exit, should a test die first). PostgreSQL refuses to run as root, so under root (CI) the
 * cluster belongs to the `postgres` user that Debian's package creates. A cluster never outlives the test process:
 * the watchdog of server-guard.ts stops it when the process is gone, and the sweep of server-sweep.ts stops one
 * whose owner (named in its dir) is dead, at the start and end of every run. Durability settings are off unless `durable`
 * is asked for: most tests kill daemons, never the database server, and a committed row survives a client's death
 * either way; a test that stops the server itself (halt) needs commits on disk before they are acknowledged.
 */
export interface PgCluster {
  port: number;
  /** The cluster's own temp dir (`cdnctl-pg-*`): data, socket, log and owner record. */
  dir: string;
  /** A URL of database `db` on the cluster. */
  url(db: string): string;
  /** Creates a fresh, empty database and answers its URL. */
  createDatabase(prefix?: string): Promise<string>;
  /** `pg_ctl stop -m immediate`, keeping the data: the server is gone as after a crash. */
  halt(): void;
  /** Starts the halted server again on the same port and data (crash recovery runs first). */
  resume(): void;
  /** Stops the server and removes its files. */
  stop(): void;
}

export interface PgClusterOptions {
  /** Commits are flushed before they are acknowledged (synchronous_commit on), so halt() loses none. */
  durable?: boolean;
}

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error('PostgreSQL is not installed (apt-get install postgresql; npm test installs it as root)');
  return join(root, versions[0]!, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Who runs the cluster: this process's user, or `postgres` when this process is root. */
function clusterOwner(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

let counter = 0;

export async function startPgCluster(clusterOptions: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = postgresBin();
  const owner = clusterOwner();
  const dir = mkdtempSync(join(tmpdir(), 'cdnctl-pg-'));
  const data = join(dir, 'data');
  const pgCtl = join(bin, 'pg_ctl');
  // Guarded before anything starts: even a cluster interrupted while it starts is stopped and removed.
  const record: ClusterOwner = { pid: process.pid, pgCtl, ...(owner ?? {}) };
  writeFileSync(join(dir, CLUSTER_OWNER_FILE), JSON.stringify(record));
  const release = guardServer({ kind: 'pg', pgCtl, data, dir, ...(owner ?? {}) });
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (cmd: string, args: string[]) => {
    const result = spawnSync(join(bin, cmd), args, { cwd: dir, encoding: 'utf8', ...(owner ?? {}) });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    clusterOptions.durable ? '' : '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const start = () => run('pg_ctl', ['start', '-D', data, '-w', '-l', join(dir, 'server.log'), '-o', options]);
  start();

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    spawnSync(pgCtl, ['stop', '-D', data, '-m', 'immediate', '-w'], { cwd: dir, ...(owner ?? {}) });
    rmSync(dir, { recursive: true, force: true });
    release();
  };
  process.on('exit', stop);

  const url = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  return {
    port,
    dir,
    url,
    async createDatabase(prefix = 'cdnctl') {
      const name = `${prefix}_${process.pid}_${++counter}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        // A test-owned, generated name: identifiers cannot travel as parameters.
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    halt: () => run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']),
    resume: start,
    stop,
  };
}
