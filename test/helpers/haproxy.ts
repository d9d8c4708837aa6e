import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { guardChild } from './server-guard.js';
import { haproxyConfig, type HaproxyBackend } from '../../daemon/services/deploy/haproxy-config.js';

/**
 * HAProxy (Debian's `haproxy`, installed by `pretest`) in front of test daemons, on loopback: the config comes from
 * the generator the README shows, with short health checks, a served-by header and a stats socket.
 */
export interface Balancer {
  url: string;
  /** The HAProxy status of each server (`UP`, `DOWN`, `UP 1/2`, ...), from its stats socket. */
  status(): Promise<Record<string, string>>;
  /** Waits until `server` has status `want` (UP or DOWN), up to `timeoutMs`. */
  waitFor(server: string, want: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One command on HAProxy's stats socket; answers what it printed. */
function socketCommand(path: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(path, () => socket.end(`${command}\n`));
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

/** `show stat` (CSV) → status per server of the daemons' backend. */
export function parseServerStatus(csv: string): Record<string, string> {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const [px, sv, st] = ['pxname', 'svname', 'status'].map((c) => columns.indexOf(c));
  const out: Record<string, string> = {};
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[px] === 'cdnctl_daemons' && cells[sv] !== 'BACKEND') out[cells[sv]] = cells[st];
  }
  return out;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts HAProxy in the foreground over `daemons`; resolves once every one of them is UP. */
export async function startBalancer(
  dir: string,
  daemons: HaproxyBackend[],
  options: { checkIntervalMs?: number } = {},
): Promise<Balancer> {
  const port = await freePort();
  const socket = join(dir, 'haproxy.sock');
  const file = join(dir, 'haproxy.cfg');
  const text = haproxyConfig({
    bind: { host: '127.0.0.1', port },
    daemons,
    checkIntervalMs: options.checkIntervalMs ?? 200,
    fall: 1,
    rise: 1,
    servedByHeader: true,
    statsSocket: socket,
  });
  writeFileSync(file, text);
  const check = spawnSync('haproxy', ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0)
    throw new Error(`haproxy refused the generated config: ${check.stderr}${check.stdout}\n${text}`);
  let printed = '';
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  guardChild(child);
  child.stdout!.on('data', (c: Buffer) => (printed = (printed + c.toString()).slice(-20_000)));
  child.stderr!.on('data', (c: Buffer) => (printed = (printed + c.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const status = async () => parseServerStatus(await socketCommand(socket, 'show stat'));
  const waitFor = async (server: string, want: 'UP' | 'DOWN', timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    let last: Record<string, string> = {};
    while (Date.now() < deadline) {
      last = await status().catch(() => ({}));
      if (last[server]?.split(' ')[0] === want) return;
      await pause(50);
    }
    throw new Error(
      `HAProxy: ${server} not ${want} within ${timeoutMs} ms (${JSON.stringify(last)}); haproxy said: ${printed}`,
    );
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    for (const d of daemons) await waitFor(d.name, 'UP');
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://127.0.0.1:${port}`, status, waitFor, stop };
}
