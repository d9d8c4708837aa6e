import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Cli, type CliDirs } from '../helpers/cli.js';
import { startChildDaemon, type ChildDaemon } from '../daemon/reliability/child-daemon.js';
import { PASSWORDS } from '../daemon/security/fixture.js';
import { createAtsRoot, freePort, startAts, type AtsInstance, ATS_TOOL_ENV } from '../helpers/ats/ats-instance.js';
import { getVia, waitServing } from '../helpers/ats/http-get.js';
import { startOrigin, type Origin } from '../helpers/ats/origin.js';
import {
  DS_HOST,
  ORT_PASSWORD,
  oneCdnSnapshot,
  prepareCdnDataDir,
  readText,
  spawnAgent,
  type AgentProcess,
} from './e2e-cdn.js';

/*
 * Issue 16 end to end, nothing simulated: the built daemon as a process on a snapshot of one CDN, a loopback
 * origin, and two real ATS 9.2 (MID and EDGE), each driven by its own `cdnctl agent run` process at a 1 s
 * interval, logged in as its own ORT user. The operator's side is the built CLI (`purge --watch`,
 * `origins update`, `cdns queue`, `servers status`).
 */

type Tier = 'edge' | 'mid';
const HOSTS: Record<Tier, string> = { mid: 'mid-01', edge: 'edge-01' };
const temp: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `cdnctl-e2e-${name}-`));
  temp.push(dir);
  return dir;
};
const ats: Partial<Record<Tier, AtsInstance>> = {};
const agents: Partial<Record<Tier, AgentProcess>> = {};
const roots = {} as Record<Tier, string>;
const etc = {} as Record<Tier, string>;
let origin: Origin;
let origin2: Origin;
let daemon: ChildDaemon | undefined;
let daemonPort: number;
let dataDir: string;
let hostsFile: string;
let cli: Cli;
const timings: string[] = [];

const url = () => `http://127.0.0.1:${daemonPort}`;
const startDaemon = async () =>
  (daemon = await startChildDaemon(dataDir, { serve: { listen: `127.0.0.1:${daemonPort}` } }));

function agentArgs(tier: Tier, extra: string[]): string[] {
  return ['--host', HOSTS[tier], '--ats-config-dir', etc[tier], '--server', url(), '--dispersion', '0', ...extra];
}
const agentEnv = (tier: Tier): Record<string, string> => ({
  CDNCTL_SESSION: '',
  CDNCTL_AGENT_USERNAME: `ort-${HOSTS[tier]}`,
  CDNCTL_AGENT_PASSWORD: ORT_PASSWORD,
  TS_RUNROOT: roots[tier],
  ...ATS_TOOL_ENV,
});
const agentDirs = (tier: Tier): CliDirs => ({
  configDir: tempDir(`${tier}-agent-config`),
  dataDir: tempDir(`${tier}-agent-data`),
});

async function until<T>(
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  what: string,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) {
      const logs = (['mid', 'edge'] as const)
        .map((t) =>
          (agents[t]?.lines ?? [])
            .filter((l) => !/check-in: skip: no/.test(l.text))
            .slice(-30)
            .map((l) => l.text)
            .join('\n'),
        )
        .join('\n');
      throw new Error(`timed out waiting for ${what}\n${logs}\n${daemon?.output().slice(-2000) ?? ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function operator(args: string[], timeoutMs = 20_000): Promise<string> {
  const result = await cli.run(args, { timeoutMs, env: { CDNCTL_SERVER: url() } });
  if (result.code !== 0) throw new Error(`cdnctl ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return result.stdout;
}

beforeAll(async () => {
  const started = Date.now();
  [origin, origin2] = [await startOrigin('origin'), await startOrigin('origin2')];
  const ports = { edge: await freePort(), mid: await freePort(), origin: origin.port };
  daemonPort = await freePort();
  roots.mid = createAtsRoot('e2e-mid');
  roots.edge = createAtsRoot('e2e-edge');
  hostsFile = join(tempDir('hosts'), 'hosts');
  writeFileSync(hostsFile, '127.0.0.1 origin.test origin2.test mid-01.cdn.test edge-01.cdn.test\n');
  dataDir = join(tempDir('daemon'), 'data');
  await prepareCdnDataDir(dataDir, oneCdnSnapshot(ports, roots));
  await startDaemon();
  cli = new Cli({ configDir: tempDir('cli-config'), dataDir: tempDir('cli-data') });
  const login = await cli.run(['login', '--server', url(), '--username', 'admin', '--password-stdin'], {
    input: PASSWORDS.admin,
  });
  if (login.code !== 0) throw new Error(`login: ${login.stderr}`);
  // Each cache's first set of files, before its ATS starts (README "Running caches"), then ATS, then the agent.
  for (const tier of ['mid', 'edge'] as const) {
    etc[tier] = tempDir(`${tier}-etc`);
    const dirs = agentDirs(tier);
    const once = ['agent', 'run', ...agentArgs(tier, ['--once', '--force', '--reload-command', ''])];
    const first = await new Cli(dirs).run(once, { env: agentEnv(tier), timeoutMs: 30_000 });
    if (first.code !== 0) throw new Error(`first agent pass of ${tier}: ${first.stderr}`);
    ats[tier] = await startAts(etc[tier], {
      root: roots[tier],
      port: ports[tier],
      env: { PROXY_CONFIG_HOSTDB_HOST_FILE_PATH: hostsFile },
    });
    agents[tier] = spawnAgent(
      dirs,
      agentArgs(tier, ['--interval', '1s', '--revalidate-interval', '1s']),
      agentEnv(tier),
    );
  }
  expect((await waitServing(ports.edge, DS_HOST, '/warmup')).status).toBe(200);
  timings.push(`setup (daemon, 2 ATS, 2 agents) ${Date.now() - started} ms`);
}, 90_000);

afterAll(async () => {
  await Promise.all([agents.edge?.stop(), agents.mid?.stop()]);
  await ats.edge?.stop();
  await ats.mid?.stop();
  await daemon?.kill();
  await origin?.close();
  await origin2?.close();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
  console.log(`e2e timings:\n  ${timings.join('\n  ')}`);
});

const edgeGet = (path: string) => getVia(ats.edge!.port, DS_HOST, path);
const isHit = (via: string | string[] | undefined) => /\[cH/.test(String(via));

test("1: the EDGE serves the origin's object, the second GET from cache", async () => {
  for (const path of ['/images/a.jpg', '/css/site.css']) {
    expect((await edgeGet(path)).body).toBe(origin.body(path));
    expect(isHit((await edgeGet(path)).headers.via), path).toBe(true);
    expect(origin.count(path)).toBe(1);
  }
});

test('2 and 3: purge --watch returns once the MID, then the EDGE applied it; the purged object is revalidated, the rest stays a hit', async () => {
  origin.bump('/images/a.jpg');
  const accepted = Date.now();
  const out = await operator(
    [
      'purge',
      '--ds',
      'demo',
      '--regex',
      '/images/.*',
      '--ttl',
      '1',
      '--watch',
      '--interval',
      '1',
      '--timeout',
      '40',
      '-y',
    ],
    45_000,
  );
  const watched = Date.now();
  const applied = /revalidate: wrote regex_revalidate\.config/;
  const midApplied = agents.mid!.firstAfter(accepted, applied);
  const edgeApplied = agents.edge!.firstAfter(accepted, applied);
  expect(midApplied, out).not.toBeNull();
  expect(edgeApplied, out).not.toBeNull();
  expect(midApplied!).toBeLessThanOrEqual(edgeApplied!);
  expect(watched, '--watch returned before the EDGE applied the purge').toBeGreaterThanOrEqual(edgeApplied!);
  // The EDGE applies only once its MID has reported (it waits while parent_reval_pending): MID wrote → MID reported → EDGE wrote.
  const midReported = agents.mid!.firstAfter(accepted, /revalidate: reported updated=\w+ reval_updated=false/);
  expect(midReported).not.toBeNull();
  expect(midReported!).toBeLessThanOrEqual(edgeApplied!);
  const edgeWaited = agents.edge!.lines.some(
    (l) => l.at >= accepted && /revalidate: check-in: skip: .*parent/.test(l.text),
  );
  const before = origin.count('/images/a.jpg');
  const revalidated = await until(
    async () => (await edgeGet('/images/a.jpg')).body === origin.body('/images/a.jpg') && Date.now(),
    'the EDGE to serve the new object',
  );
  expect(origin.count('/images/a.jpg')).toBeGreaterThan(before);
  expect(isHit((await edgeGet('/css/site.css')).headers.via)).toBe(true);
  expect(origin.count('/css/site.css')).toBe(1);
  timings.push(
    `purge accepted → MID applied ${midApplied! - accepted} ms → EDGE applied ${edgeApplied! - accepted} ms → --watch returned ${watched - accepted} ms → first revalidation ${revalidated - accepted} ms${edgeWaited ? ' (the EDGE waited for its MID)' : ''}`,
  );
}, 60_000);

test('4: an origin change reaches remap.config and parent.config after cdns queue, and traffic follows', async () => {
  const [primary] = JSON.parse(
    await operator(['origins', 'list', '--ds', 'demo', '--primary', '-o', 'json']),
  ) as Array<{ id: number }>;
  await operator(['origins', 'update', String(primary!.id), '--fqdn', 'origin2.test', '--port', String(origin2.port)]);
  const queued = Date.now();
  await operator(['cdns', 'queue', 'cdn1']);
  const target = `origin2.test:${origin2.port}`;
  const edgeFiles = await until(
    () =>
      readText(join(etc.edge, 'remap.config')).includes(target) &&
      readText(join(etc.edge, 'parent.config')).includes(`dest_domain=origin2.test port=${origin2.port}`) &&
      Date.now(),
    'the EDGE files',
  );
  const midFiles = await until(
    () => readText(join(etc.mid, 'remap.config')).includes(target) && Date.now(),
    'the MID files',
  );
  const served = await until(
    async () => (await edgeGet('/moved.txt')).body === origin2.body('/moved.txt') && Date.now(),
    'traffic to follow',
  );
  // (While the caches reload, a request may still reach the old origin; once moved, every new object comes from the new one.)
  expect((await edgeGet('/after-move.txt')).body).toBe(origin2.body('/after-move.txt'));
  expect([origin.count('/after-move.txt'), origin2.count('/after-move.txt')]).toEqual([0, 1]);
  timings.push(
    `cdns queue → MID files ${midFiles - queued} ms, EDGE files ${edgeFiles - queued} ms → traffic on the new origin ${served - queued} ms`,
  );
}, 40_000);

test('5: the EDGE goes OFFLINE and back with its agent running; with the daemon stopped the caches still serve', async () => {
  // The stand-by EDGE takes the service (the only serving cache cannot go OFFLINE), then edge-01 leaves.
  await operator(['servers', 'status', 'edge-02', 'REPORTED', '-y']);
  await operator(['servers', 'status', 'edge-01', 'OFFLINE', '--reason', 'e2e maintenance', '-y']);
  const since = Date.now();
  await until(
    () => agents.edge!.firstAfter(since, /agent edge-01 (syncds|revalidate): check-in/),
    'an EDGE check-in while OFFLINE',
  );
  await operator(['servers', 'status', 'edge-01', 'REPORTED', '-y']);
  await operator(['servers', 'status', 'edge-02', 'OFFLINE', '--reason', 'stand-by', '-y']);
  const status = JSON.parse(await operator(['servers', 'get', 'edge-01', '-o', 'json'])) as
    { status: string } | Array<{ status: string }>;
  expect(Array.isArray(status) ? status[0]?.status : status.status).toBe('REPORTED');
  expect(agents.edge!.child.exitCode).toBeNull();

  await daemon!.kill();
  const stopped = Date.now();
  await until(
    () => agents.edge!.firstAfter(stopped, /failed: /) && agents.mid!.firstAfter(stopped, /failed: /),
    'the agents to notice',
  );
  expect((await edgeGet('/css/site.css')).body).toBe(origin2.body('/css/site.css'));
  expect(isHit((await edgeGet('/moved.txt')).headers.via)).toBe(true);
  await new Promise((r) => setTimeout(r, 2000));
  expect([agents.edge!.child.exitCode, agents.mid!.child.exitCode]).toEqual([null, null]);
  await startDaemon();
  const back = Date.now();
  const checkedIn = await until(
    () => agents.edge!.firstAfter(back, /check-in: /) && agents.mid!.firstAfter(back, /check-in: /),
    'both agents to check in again',
  );
  timings.push(
    `daemon down ${back - stopped} ms (caches served) → both agents checked in ${checkedIn - back} ms after restart`,
  );
}, 40_000);
