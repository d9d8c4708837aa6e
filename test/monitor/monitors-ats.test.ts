import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { prepareCdnDataDir } from '../agent/e2e-cdn.js';
import { startChildDaemon, type ChildDaemon } from '../daemon/reliability/child-daemon.js';
import { freePort, type AtsInstance } from '../helpers/ats/ats-instance.js';
import { startStatsAts } from '../helpers/ats/stats-ats.js';
import { Cli, type CliDirs } from '../helpers/cli.js';
import { spawnMonitor, type MonitorProcess } from '../helpers/monitor-process.js';
import { startStatsServer, type StatsServer } from '../helpers/stats-server.js';
import { monitorSnapshot, MONITOR_PASSWORD, type MonitorPorts } from './monitor-cdn.js';

/*
 * Issue 35 with real parts: a real ATS 9.2 cache with stats_over_http (edge-a, REPORTED), stand-in caches that
 * count requests (ADMIN_DOWN, ONLINE, OFFLINE, and a REPORTED one over its load threshold), three spawned
 * `cdnctl monitor run` processes and a daemon. mon-03 is partitioned from edge-a (its poll URL points at a closed
 * port): the merge keeps edge-a available until every monitor agrees it is down.
 */

const MONITORS = ['mon-01', 'mon-02', 'mon-03'] as const;
type Mon = (typeof MONITORS)[number];
const temp: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `cdnctl-monitor-${name}-`));
  temp.push(dir);
  return dir;
};
let daemon: ChildDaemon | undefined;
let ats: AtsInstance | undefined;
const stand: Partial<Record<'admin' | 'online' | 'offline' | 'hot', StatsServer>> = {};
const monitors: Partial<Record<Mon, MonitorProcess>> = {};
const dirs = {} as Record<Mon, CliDirs>;
let ports: MonitorPorts;
let closedPort: number;

const args = (mon: Mon) => [
  ...['--host', mon, '--cdn', 'cdn1', '--server', daemon!.url, '--interval', '300ms', '--listen', '127.0.0.1'],
  ...(mon === 'mon-03' ? ['--poll-url', `edge-a=http://127.0.0.1:${closedPort}/_stats`] : []),
];
const env = { CDNCTL_SESSION: '', CDNCTL_MONITOR_USERNAME: 'monitor', CDNCTL_MONITOR_PASSWORD: MONITOR_PASSWORD };
const start = (mon: Mon) => {
  monitors[mon] = spawnMonitor(dirs[mon], args(mon), env);
};

async function getJson<T>(url: string): Promise<T | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.status === 200 ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}

interface View {
  caches: Array<{ hostName: string; isAvailable: boolean; polled: boolean }>;
  merged: Record<string, boolean>;
  peers: Array<{ hostName: string; error: string | null }>;
}
const view = (mon: Mon) => getJson<View>(`http://127.0.0.1:${ports.monitors[mon]}/publish/MonitorView`);
const crStates = (mon: Mon, raw = false) =>
  getJson<{ caches: Record<string, { isAvailable: boolean }> }>(
    `http://127.0.0.1:${ports.monitors[mon]}/publish/CrStates${raw ? '?raw' : ''}`,
  );

let cookie = '';
async function daemonAvailability(): Promise<Record<string, boolean | null>> {
  const res = await fetch(`${daemon!.url}/api/1.3/servers`, { headers: { cookie } });
  const body = (await res.json()) as { response: Array<{ hostName: string; isAvailable: boolean | null }> };
  return Object.fromEntries(body.response.map((s) => [s.hostName, s.isAvailable]));
}

async function until<T>(what: string, check: () => Promise<T | false | null>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== false && value !== null) return value;
    if (Date.now() > deadline) {
      const logs = MONITORS.map((m) => `${m}: ${(monitors[m]?.lines ?? []).slice(-8).join('\n  ')}`).join('\n');
      throw new Error(`timed out waiting for ${what}\n${logs}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  for (const k of ['admin', 'online', 'offline'] as const) stand[k] = await startStatsServer();
  stand.hot = await startStatsServer(30);
  closedPort = await freePort();
  ports = {
    edgeA: await freePort(),
    admin: stand.admin!.port,
    online: stand.online!.port,
    offline: stand.offline!.port,
    hot: stand.hot.port,
    monitors: { 'mon-01': await freePort(), 'mon-02': await freePort(), 'mon-03': await freePort() },
  };
  const dataDir = tempDir('daemon');
  await prepareCdnDataDir(dataDir, monitorSnapshot(ports));
  [ats, daemon] = await Promise.all([startStatsAts('edge-a', ports.edgeA), startChildDaemon(dataDir)]);
  const login = await fetch(`${daemon.url}/api/1.3/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ u: 'monitor', p: MONITOR_PASSWORD }),
  });
  cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  for (const mon of MONITORS) {
    dirs[mon] = { configDir: tempDir(`${mon}-config`), dataDir: tempDir(`${mon}-data`) };
    start(mon);
  }
}, 90_000);

afterAll(async () => {
  await Promise.all(MONITORS.map((m) => monitors[m]?.stop()));
  await ats?.stop();
  await daemon?.kill();
  await Promise.all(Object.values(stand).map((s) => s.close()));
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
}, 60_000);

test('the monitors poll only REPORTED and ADMIN_DOWN caches, and publish the merged view to the daemon', async () => {
  const expected = { 'edge-a': true, 'edge-admin': false, 'edge-hot': false, 'edge-online': true };
  await until('the daemon to hold every judgement', async () => {
    const got = await daemonAvailability();
    return Object.entries(expected).every(([h, a]) => got[h] === a) ? got : false;
  });
  expect((await daemonAvailability())['edge-offline']).toBeNull();
  await until('every monitor to have judged every cache once', async () => {
    const views = await Promise.all(MONITORS.map(view));
    return views.every((v) => v !== null && v.caches.length === 4 && v.peers.length === 2);
  });
  // The real ATS answered its stats; the partitioned monitor sees edge-a down, the merge keeps it available.
  // (Once its peers have judged edge-a too: before, only its own vote counts.)
  await until('mon-03 to merge edge-a as available', async () => {
    const [own, merged] = [await crStates('mon-03', true), await crStates('mon-03')];
    return own?.caches['edge-a']?.isAvailable === false && merged?.caches['edge-a']?.isAvailable === true;
  });
  expect((await crStates('mon-01', true))!.caches['edge-a']).toEqual({ isAvailable: true });
  expect(stand.admin!.hits()).toBeGreaterThan(0);
  expect(stand.hot!.hits()).toBeGreaterThan(0);
  expect(stand.online!.hits()).toBe(0);
  expect(stand.offline!.hits()).toBe(0);
  const judged = (await view('mon-01'))!.caches;
  expect(judged.find((c) => c.hostName === 'edge-online')).toMatchObject({ polled: false, isAvailable: true });
  expect(judged.find((c) => c.hostName === 'edge-offline')).toBeUndefined();
  const health = await fetch(`${daemon!.url}/api/1.3/cdns/cdn1/health`, { headers: { cookie } });
  expect(((await health.json()) as { response: unknown }).response).toEqual({
    // Traffic Ops counted the REPORTED EDGE caches: edge-a (available) and edge-hot (over its load threshold).
    totalOffline: 1,
    totalOnline: 1,
    cachegroups: [{ offline: 1, online: 1, name: 'edge-east' }],
  });
});

test('a stopped cache is unavailable once every monitor agrees; a monitor killed and restarted rejoins', async () => {
  await ats!.stop();
  ats = undefined;
  await until('edge-a unavailable at the daemon', async () => (await daemonAvailability())['edge-a'] === false);
  await until('every monitor to merge edge-a as unavailable', async () => {
    const states = await Promise.all(MONITORS.map((m) => crStates(m)));
    return states.every((st) => st?.caches['edge-a']?.isAvailable === false);
  });

  await monitors['mon-01']!.kill();
  await until('mon-02 to see mon-01 gone', async () =>
    (await view('mon-02'))?.peers.some((p) => p.hostName === 'mon-01' && p.error !== null) ? true : false,
  );
  start('mon-01');
  await until('mon-01 to serve again and mon-02 to read it', async () => {
    const peers = (await view('mon-02'))?.peers ?? [];
    const back = peers.some((p) => p.hostName === 'mon-01' && p.error === null);
    return back && (await crStates('mon-01'))?.caches['edge-a']?.isAvailable === false;
  });
  expect((await daemonAvailability())['edge-a']).toBe(false);

  const status = await new Cli(dirs['mon-02']).run(['monitor', 'status', '-o', 'json']);
  expect(status.code, status.stderr).toBe(0);
  const shown = JSON.parse(status.stdout) as Array<{ host: string; merged: Record<string, boolean> }>;
  expect(shown[0]).toMatchObject({ host: 'mon-02', merged: { 'edge-a': false, 'edge-online': true } });
  const health = await new Cli(dirs['mon-02']).json(['monitor', 'health', 'cdn1', '--server', daemon!.url], {
    env: { CDNCTL_SESSION: cookie },
  });
  expect(health).toEqual({
    totalOffline: 2,
    totalOnline: 0,
    cachegroups: [{ offline: 2, online: 0, name: 'edge-east' }],
  });
});
