import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { guardChild } from '../server-guard.js';

/*
 * A real Apache Traffic Server 9.2 (Debian's `trafficserver`) run as a self-contained instance in a temp dir.
 *
 * - Layout: a `runroot.yaml` in the instance root sets sysconfdir to the given config directory and runtimedir,
 *   logdir and cachedir to the root's run/, log/ and cache/. Every ATS tool started with `TS_RUNROOT=<root>`
 *   (traffic_manager, traffic_server, traffic_ctl, traffic_layout) uses that layout; the binaries and the plugins
 *   stay where Debian put them (/usr/bin, /usr/lib/trafficserver/modules, where plugin.config's bare names resolve).
 * - Process: `traffic_manager` in the foreground, which binds the HTTP port and runs `traffic_server -M`. In 9.2
 *   `traffic_ctl` talks only to traffic_manager (run/mgmtapi.sock): a bare `traffic_server` runs and serves,
 *   but `traffic_ctl config reload` cannot reach it ("Error establishing socket connection").
 * - Records the test must own are set through ATS's environment overrides (PROXY_CONFIG_*), so the config
 *   directory's records.config is used as generated: the port, and the user. As root ATS refuses to serve
 *   unless it switches user; `#-1` keeps the current one (its crash-log helper then complains, harmlessly).
 * - A reload (`traffic_ctl config reload`) is asynchronous: it returns at once and ATS re-reads the changed
 *   files a second or so later.
 */

const run = promisify(execFile);

export interface AtsInstance {
  /** The loopback HTTP port ATS listens on. */
  port: number;
  /** The instance root (runroot.yaml, run/, log/, cache/). */
  root: string;
  configDir: string;
  /** The environment that points ATS tools at this instance: `TS_RUNROOT`. */
  env: NodeJS.ProcessEnv;
  /** `traffic_ctl config reload` against this instance. */
  reload(): Promise<void>;
  /** The instance's log directory (diags.log): where the agent reads ATS's verdict after a reload. */
  logDir: string;
  /**
   * The agent's verify command for this instance (`--verify-command`): `traffic_server -C verify_config -D {dir}`
   * with the instance's runroot and the user ATS runs as here.
   */
  verifyCommand: string;
  /** The instance's diags.log so far. */
  diags(): string;
  stop(): Promise<void>;
}

/**
 * What ATS's tools need in their environment on this machine, beside TS_RUNROOT: the user ATS runs as (as root,
 * `#-1` keeps the current one; traffic_server, `-C verify_config` included, refuses to run as root otherwise). An
 * agent driving a test instance gets it, for its verify command.
 */
export const ATS_TOOL_ENV: Record<string, string> = {
  PROXY_CONFIG_ADMIN_USER_ID: process.getuid?.() === 0 ? '#-1' : userInfo().username,
};

/** A free loopback port (bound and released; ATS binds it a moment later). */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Creates an instance root with run/, log/ and cache/ (storage.config should point at `<root>/cache`). */
export function createAtsRoot(name = 'ats'): string {
  const root = mkdtempSync(join(tmpdir(), `cdnctl-${name}-`));
  for (const dir of ['run', 'log', 'cache']) mkdirSync(join(root, dir));
  return root;
}

function writeRunroot(root: string, configDir: string): void {
  const lines = {
    prefix: '/usr',
    exec_prefix: '/usr',
    bindir: '/usr/bin',
    sbindir: '/usr/bin',
    includedir: '/usr/include',
    libdir: '/usr/lib/trafficserver',
    libexecdir: '/usr/lib/trafficserver/modules',
    sysconfdir: configDir,
    datadir: join(root, 'cache'),
    localstatedir: join(root, 'run'),
    runtimedir: join(root, 'run'),
    logdir: join(root, 'log'),
    cachedir: join(root, 'cache'),
  };
  writeFileSync(
    join(root, 'runroot.yaml'),
    Object.entries(lines)
      .map(([k, v]) => `${k}: ${v}\n`)
      .join(''),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readDiags(root: string): string {
  const file = join(root, 'log', 'diags.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

async function waitRunning(root: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (readDiags(root).includes('traffic server running')) return;
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  throw new Error(`ATS in ${root} did not start:\n${output()}\n${readDiags(root)}`);
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // the group is gone already
    }
  };
  kill('SIGTERM');
  const timer = setTimeout(() => kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  // traffic_server may outlive its manager for a moment: end what is left of the group.
  kill('SIGKILL');
}

export interface StartOptions {
  /** From createAtsRoot; a new one by default. */
  root?: string;
  /** A free loopback port by default. */
  port?: number;
  /** More environment for ATS, e.g. `PROXY_CONFIG_HOSTDB_HOST_FILE_PATH` (a hosts file for test host names). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Starts ATS on `configDir` (records.config, storage.config, remap.config…, used as they are) on loopback, and
 * resolves when traffic_server reports that it is running.
 */
export async function startAts(configDir: string, options: StartOptions = {}): Promise<AtsInstance> {
  const root = options.root ?? createAtsRoot();
  if (!existsSync('/usr/bin/traffic_manager')) {
    throw new Error(
      'Apache Traffic Server is not installed: apt-get install trafficserver (scripts/ensure-system-packages.sh)',
    );
  }
  writeRunroot(root, configDir);
  const port = options.port ?? (await freePort());
  const user = ATS_TOOL_ENV.PROXY_CONFIG_ADMIN_USER_ID;
  const env = { ...process.env, ...options.env, TS_RUNROOT: root };
  const child = spawn('/usr/bin/traffic_manager', [], {
    cwd: root,
    detached: true,
    env: { ...env, PROXY_CONFIG_HTTP_SERVER_PORTS: String(port), PROXY_CONFIG_ADMIN_USER_ID: user },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // traffic_manager starts traffic_server in its process group: the watchdog stops the whole group.
  guardChild(child, { group: true });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await waitRunning(root, child, () => output);
  } catch (err) {
    await stopGroup(child);
    throw err;
  }
  return {
    port,
    root,
    configDir,
    env,
    logDir: join(root, 'log'),
    verifyCommand: `TS_RUNROOT=${root} PROXY_CONFIG_ADMIN_USER_ID='${user}' /usr/bin/traffic_server -C verify_config -D {dir}`,
    reload: async () => {
      await run('/usr/bin/traffic_ctl', ['config', 'reload'], { env, timeout: 10_000 });
    },
    diags: () => readDiags(root),
    stop: async () => {
      await stopGroup(child);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
