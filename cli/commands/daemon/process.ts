import { spawn } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Agent from 'undici/lib/dispatcher/agent.js';
import undiciRequest from 'undici/lib/api/api-request.js';
import { dataFiles, type DaemonInfo } from '../../../shared/paths.js';

const DAEMON_MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'daemon', 'main.js');

/** The daemon.json of a data dir, or null when there is none (or it is unreadable). */
export function readDaemonInfo(dataDir: string): DaemonInfo | null {
  try {
    return JSON.parse(readFileSync(dataFiles(dataDir).daemonJson, 'utf8')) as DaemonInfo;
  } catch {
    return null;
  }
}

/** How a message names the daemon holding the data dir's lock (` (pid N, at URL)`, '' if unsaid), or null when none holds it. */
export async function lockHolder(dataDir: string): Promise<string | null> {
  const { dataDirLocked, lockOwner } = await import('../../../daemon/entry.js');
  return dataDirLocked(dataDir) ? lockOwner(dataDir) : null;
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when the daemon at `url` answers its ping. */
export async function pingDaemon(url: string, timeoutMs = 2000): Promise<boolean> {
  // A local daemon under TLS usually has a self-signed certificate; the ping proves liveness, not identity.
  const dispatcher = new Agent({
    connect: { rejectUnauthorized: false },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  try {
    const target = new URL('/api/1.3/ping', url);
    const res = await undiciRequest.call(dispatcher, {
      origin: target.origin,
      path: target.pathname,
      method: 'GET',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body.text();
    return res.statusCode === 200;
  } catch {
    return false;
  } finally {
    await dispatcher.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a daemon that exited at start said in its log, or its exit code. */
function exitWords(lines: string[], code: number): string {
  const said = lines.filter((l) => !l.startsWith('{'));
  return said.length > 0 ? said.join('; ').replace(/^cdnctl daemon: /, '') : `daemon exited with code ${code}`;
}

/** A start that failed: the daemon's words, and the lines it said before (a new admin password among them). */
export class StartFailed extends Error {
  constructor(
    message: string,
    readonly printed: string[],
  ) {
    super(message);
  }
}

/**
 * Starts the daemon detached, logging to `<data-dir>/daemon.log`, and resolves once it answers; rejects with
 * the daemon's own words when it exits first. Answers the daemon's info and the lines it printed at start.
 */
export async function startBackground(
  dataDir: string,
  options: Record<string, unknown>,
  timeoutMs = 20_000,
): Promise<{ info: DaemonInfo; printed: string[] }> {
  const files = dataFiles(dataDir);
  const { database, ...settings } = options;
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
  }
  const offset = existsSync(files.log) ? statSync(files.log).size : 0;
  const log = openSync(files.log, 'a', 0o600);
  // Lines said at start (passwords among them) come through a pipe on fd 3, so they never reach daemon.log.
  // The database URL may carry a password: it goes in the environment, which `ps` does not show others.
  const env =
    typeof database === 'string' && database ? { ...process.env, CDNCTL_DATABASE_URL: database } : process.env;
  const child = spawn(process.execPath, [DAEMON_MAIN, JSON.stringify({ ...settings, dataDir, sayFd: 3 })], {
    detached: true,
    stdio: ['ignore', log, log, 'pipe'],
    env,
  });
  closeSync(log);
  const sayChunks: Buffer[] = [];
  const sayPipe = child.stdio[3] as NodeJS.ReadableStream | null;
  sayPipe?.on('data', (chunk: Buffer) => sayChunks.push(chunk));
  sayPipe?.on('error', () => undefined);
  // The daemon closes its end once it listens: the end means every start line has arrived.
  const sayEnded = new Promise<void>((resolve) => {
    if (!sayPipe) resolve();
    sayPipe?.once('end', () => resolve());
    sayPipe?.once('close', () => resolve());
  });
  const saidLines = () => Buffer.concat(sayChunks).toString('utf8').split('\n').filter(Boolean);
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? 1;
  });
  child.unref();
  const newLines = () =>
    existsSync(files.log) ? readFileSync(files.log).subarray(offset).toString('utf8').split('\n').filter(Boolean) : [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== null) {
      await Promise.race([sayEnded, sleep(500)]);
      throw new StartFailed(exitWords(newLines(), exited), saidLines());
    }
    const info = readDaemonInfo(dataDir);
    if (info && info.pid === child.pid && (await pingDaemon(info.url, 1000))) {
      await Promise.race([sayEnded, sleep(2000)]);
      (sayPipe as { destroy?: () => void } | null)?.destroy?.();
      return { info, printed: saidLines() };
    }
    await sleep(50);
  }
  if (child.pid) process.kill(child.pid, 'SIGTERM');
  throw new Error(`daemon did not answer within ${timeoutMs / 1000} s; see ${files.log}`);
}

/**
 * Sends SIGTERM to the daemon holding the data dir's lock and waits for it to go; answers false when no daemon
 * was running. Only the lock's holder is signalled: a stale daemon.json may name a process that is not ours.
 */
export async function stopDaemon(dataDir: string, timeoutMs = 15_000): Promise<boolean> {
  const { dataDirLocked, lockOwnerPid } = await import('../../../daemon/entry.js');
  const pid = dataDirLocked(dataDir) ? lockOwnerPid(dataDir) : null;
  if (pid === null) {
    rmSync(dataFiles(dataDir).daemonJson, { force: true });
    return false;
  }
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await sleep(50);
  }
  throw new Error(`daemon (pid ${pid}) did not stop within ${timeoutMs / 1000} s`);
}
