// The daemon under test: started on loopback as a child process, exactly as a user starts it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep, stopChild } from './processes.mjs';

export const CDNCTL = fileURLToPath(new URL('../../bin/cdnctl', import.meta.url));
/** The daemon process itself, as `cdnctl daemon start` launches it in the background. */
export const DAEMON_MAIN = fileURLToPath(new URL('../../dist/daemon/main.js', import.meta.url));
export const ADMIN_PASSWORD = 'Bench-Adm1n-Passw0rd!';

/** A port free on loopback right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The daemon on `dataDir`, listening on loopback at `port`: `cdnctl daemon start --foreground` (how = 'cli'), or
 * the daemon's own entry point that `cdnctl daemon start` spawns in the background (how = 'main').
 */
export function spawnDaemon(dataDir, port, how = 'cli') {
  const listen = `127.0.0.1:${port}`;
  const args =
    how === 'main'
      ? [DAEMON_MAIN, JSON.stringify({ dataDir, listen })]
      : [CDNCTL, 'daemon', 'start', '--foreground', '--data-dir', dataDir, '--listen', listen];
  return spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, CDNCTL_ADMIN_PASSWORD: ADMIN_PASSWORD },
  });
}

/** True once GET ping answers 200. */
export async function pings(url) {
  try {
    const response = await fetch(`${url}/api/1.3/ping`);
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Polls ping every `everyMs` until it answers 200; rejects when the child exits or the deadline passes. */
export async function waitForPing(child, url, { everyMs = 5, timeoutMs = 30_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`daemon exited with ${child.exitCode}: ${stderr.trim()}`);
    if (await pings(url)) return;
    await sleep(everyMs);
  }
  throw new Error(`daemon did not answer ${url} within ${timeoutMs} ms: ${stderr.trim()}`);
}

/** Starts a daemon on `dataDir` and answers { url, pid, child, stop() } once it answers. */
export async function startDaemon(dataDir) {
  const port = await freePort();
  const child = spawnDaemon(dataDir, port);
  const url = `http://127.0.0.1:${port}`;
  await waitForPing(child, url);
  return { url, pid: child.pid, child, stop: () => stopChild(child) };
}

/** Logs in and answers the Cookie header value for the session. */
export async function login(url, username, password) {
  const response = await fetch(`${url}/api/1.2/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ u: username, p: password }),
  });
  await response.arrayBuffer();
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 200 || !cookie) throw new Error(`login as ${username} answered ${response.status}`);
  return cookie;
}

/** The resident set size of a process in MB, from /proc/<pid>/status (null where there is no /proc). */
export function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(join('/proc', String(pid), 'status'), 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `everyMs` until stop(); stop() answers { maxMb, lastMb, samples }. */
export function sampleRss(pid, everyMs = 100) {
  const samples = [];
  const take = () => {
    const mb = rssMb(pid);
    if (mb !== null) samples.push(mb);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return {
        maxMb: samples.length ? Math.max(...samples) : null,
        lastMb: samples.at(-1) ?? null,
        samples: samples.length,
      };
    },
  };
}

const TICKS_PER_SECOND = 100;

/** CPU seconds every process of the machine has used so far (all cores), from /proc/stat; null without it. */
export function machineBusySeconds() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat (null where there is none). */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(join('/proc', String(pid), 'stat'), 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
