import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request, type Dispatcher } from 'undici';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { bootstrap } from '../../../daemon/services/auth/bootstrap.js';
import { openDatabase } from '../../../daemon/store/sqlite/db.js';
import { openPgStore } from '../../../daemon/store/postgres/index.js';
import { dataFiles } from '../../../shared/paths.js';
import { guardChild } from '../../helpers/server-guard.js';
import { GOLDEN_SNAPSHOT, PASSWORDS } from '../security/fixture.js';

/** The built daemon entry point: the suite runs after `npm run build`, so dist/ is what a user would run. */
export const DAEMON_MAIN = fileURLToPath(new URL('../../../dist/daemon/main.js', import.meta.url));

/** A temp directory for a test's files (the caller removes it). */
export const tempRoot = (name: string) => mkdtempSync(join(tmpdir(), `cdnctl-${name}-`));

/**
 * Creates a data dir with the first-start records and the golden setup snapshot, as a user's import would; with
 * `databaseUrl` (issue 18) the records go to that PostgreSQL database, through the Store, and the data dir keeps
 * only the daemon's own files.
 */
export async function prepareDataDir(dataDir: string, databaseUrl?: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const snapshot = JSON.parse(readFileSync(GOLDEN_SNAPSHOT, 'utf8'));
  if (databaseUrl) {
    const { store } = await openPgStore(databaseUrl);
    try {
      await bootstrap(store, Date.now(), PASSWORDS.admin);
      await importSnapshot(store, snapshot);
    } finally {
      await store.close();
    }
    return;
  }
  const db = openDatabase(dataFiles(dataDir).database);
  try {
    await bootstrap(db, Date.now(), PASSWORDS.admin);
    await importSnapshot(db, snapshot);
  } finally {
    db.close();
  }
}

export interface ChildDaemon {
  child: ChildProcess;
  pid: number;
  url: string;
  /** Everything the daemon printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code and signal once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL unless already gone; resolves when it is. */
  kill(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spawns `node dist/daemon/main.js` on a data dir, listening on a free loopback port, and resolves once its
 * daemon.json names this process and it answers ping. Rejects with what it printed if it exits first.
 */
export async function startChildDaemon(
  dataDir: string,
  options: { serve?: Record<string, unknown>; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<ChildDaemon> {
  const serveOptions = { dataDir, listen: '127.0.0.1:0', ...options.serve };
  const child = spawn(process.execPath, [DAEMON_MAIN, JSON.stringify(serveOptions)], {
    env: { ...process.env, CDNCTL_ADMIN_PASSWORD: PASSWORDS.admin, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  guardChild(child);
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const kill = async () => {
    if (!gone) child.kill('SIGKILL');
    await exited;
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const file = dataFiles(dataDir).daemonJson;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`daemon exited before answering: ${printed}`);
    if (existsSync(file)) {
      try {
        const info = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; url: string };
        if (info.pid === child.pid && (await answersPing(info.url))) {
          return { child, pid: info.pid, url: info.url, output: () => printed, exited, kill };
        }
      } catch {
        // daemon.json is being written, or the daemon is not answering yet: look again
      }
    }
    await pause(20);
  }
  await kill();
  throw new Error(`daemon did not answer within the deadline: ${printed}`);
}

const pingAgent = new Agent({ connect: { rejectUnauthorized: false }, headersTimeout: 2000, bodyTimeout: 2000 });

/** True when the daemon at `url` answers GET ping with 200 within two seconds. */
export async function answersPing(url: string, dispatcher: Dispatcher = pingAgent): Promise<boolean> {
  try {
    const res = await request(`${url}/api/1.3/ping`, { dispatcher, signal: AbortSignal.timeout(2000) });
    await res.body.text();
    return res.statusCode === 200;
  } catch {
    return false;
  }
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed body; `T` is the shape the test expects of it. */
  json<T = unknown>(): T;
}

/** One JSON request over real HTTP(S); `timeoutMs` bounds the whole exchange. */
export async function call(
  dispatcher: Dispatcher,
  url: string,
  options: { method?: string; cookie?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await request(url, {
    method: (options.method ?? 'GET') as Dispatcher.HttpMethod,
    headers,
    body,
    dispatcher,
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) };
}

/** Logs in over HTTP and answers the `mojolicious=...` cookie pair. */
export async function loginOver(dispatcher: Dispatcher, url: string, u: string, p: string): Promise<string> {
  const res = await call(dispatcher, `${url}/api/1.3/user/login`, { method: 'POST', body: { u, p } });
  if (res.status !== 200) throw new Error(`login ${u} failed: ${res.status} ${res.text}`);
  return String(res.headers['set-cookie']).split(';')[0];
}
