import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Cli, type CliDirs } from '../helpers/cli.js';
import { startChildDaemon, type ChildDaemon } from '../daemon/reliability/child-daemon.js';
import { PASSWORDS } from '../daemon/security/fixture.js';
import { createAtsRoot, freePort, startAts, type AtsInstance, ATS_TOOL_ENV } from '../helpers/ats/ats-instance.js';
import { getVia, waitServing } from '../helpers/ats/http-get.js';
import { startOrigin, type Origin } from '../helpers/ats/origin.js';
import { DS_HOST, ORT_PASSWORD, spawnAgent, type AgentProcess } from './e2e-cdn.js';
import {
  buildProfiles,
  buildServers,
  buildTopology,
  CUSTOMER,
  onboardCustomer,
  stepper,
  type Step,
} from './e2e-cli-build.js';

/*
 * Issues 30 and 31, "Done when", the CLI path: a daemon on an empty data dir (only its first-start records), and
 * from there nothing but spawned `cdnctl` commands — the CDN, its places, MID and EDGE cache groups, profiles and
 * parameters, servers with their ORT logins; `cdnctl agent run` configures two real ATS 9.2 on it; then the
 * customer is onboarded on the running CDN (a tenant with its user, a delivery service with its origin and a
 * profile, assigned to the EDGE), the EDGE serves it from the loopback origin without anything queued by hand,
 * and the customer's own user purges it and the EDGE revalidates.
 */

type Tier = 'edge' | 'mid';
const HOSTS: Record<Tier, string> = { mid: 'mid-01', edge: 'edge-01' };
const temp: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `cdnctl-e2e-cli-${name}-`));
  temp.push(dir);
  return dir;
};
const ats: Partial<Record<Tier, AtsInstance>> = {};
const agents: Partial<Record<Tier, AgentProcess>> = {};
const roots = {} as Record<Tier, string>;
const etc = {} as Record<Tier, string>;
const steps: string[] = [];
let origin: Origin;
let daemon: ChildDaemon | undefined;
let url: string;
let adminStep: Step;

const agentEnv = (tier: Tier): Record<string, string> => ({
  CDNCTL_SESSION: '',
  CDNCTL_AGENT_USERNAME: `ort-${HOSTS[tier]}`,
  CDNCTL_AGENT_PASSWORD: ORT_PASSWORD,
  TS_RUNROOT: roots[tier],
  ...ATS_TOOL_ENV,
});
const agentArgs = (tier: Tier, extra: string[]) => [
  ...['--host', HOSTS[tier], '--ats-config-dir', etc[tier], '--server', url, '--dispersion', '0'],
  ...extra,
];

async function until<T>(check: () => Promise<T | false>, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== false) return value;
    if (Date.now() > deadline) {
      const logs = (['mid', 'edge'] as const).map((t) => (agents[t]?.lines ?? []).slice(-20).map((l) => l.text));
      throw new Error(`timed out waiting for ${what}\n${logs.flat().join('\n')}\n${daemon?.output().slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first agent pass writes a cache's files before its ATS starts; then ATS, then the agent at a 1 s interval. */
async function startCache(tier: Tier, hostsFile: string, port: number): Promise<void> {
  etc[tier] = tempDir(`${tier}-etc`);
  const dirs: CliDirs = { configDir: tempDir(`${tier}-agent-config`), dataDir: tempDir(`${tier}-agent-data`) };
  const once = ['agent', 'run', ...agentArgs(tier, ['--once', '--force', '--reload-command', ''])];
  const first = await new Cli(dirs).run(once, { env: agentEnv(tier), timeoutMs: 30_000 });
  if (first.code !== 0) throw new Error(`first agent pass of ${tier}: ${first.stderr}`);
  ats[tier] = await startAts(etc[tier], {
    root: roots[tier],
    port,
    env: { PROXY_CONFIG_HOSTDB_HOST_FILE_PATH: hostsFile },
  });
  agents[tier] = spawnAgent(dirs, agentArgs(tier, ['--interval', '1s', '--revalidate-interval', '1s']), agentEnv(tier));
}

beforeAll(async () => {
  origin = await startOrigin('origin');
  const ports = { edge: await freePort(), mid: await freePort() };
  roots.mid = createAtsRoot('e2e-cli-mid');
  roots.edge = createAtsRoot('e2e-cli-edge');
  const hostsFile = join(tempDir('hosts'), 'hosts');
  writeFileSync(hostsFile, '127.0.0.1 origin.test mid-01.cdn.test edge-01.cdn.test\n');
  const dataDir = join(tempDir('daemon'), 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  daemon = await startChildDaemon(dataDir);
  url = daemon.url;
  const admin = new Cli({ configDir: tempDir('admin-config'), dataDir: tempDir('admin-data') });
  const step = (adminStep = stepper(admin, url, steps));
  await step(['login', '--username', 'admin', '--password-stdin'], PASSWORDS.admin);
  await buildTopology(step);
  await buildProfiles(step, roots);
  await buildServers(step, ports);
  // About 50 spawned cdnctl steps: ~60 s on an idle machine, more on a busy one (hence the hook timeout).
  for (const tier of ['mid', 'edge'] as const) await startCache(tier, hostsFile, ports[tier]);
}, 150_000);

afterAll(async () => {
  await Promise.all([agents.edge?.stop(), agents.mid?.stop()]);
  await ats.edge?.stop();
  await ats.mid?.stop();
  await daemon?.kill();
  await origin?.close();
  for (const dir of [...temp, ...Object.values(roots)]) rmSync(dir, { recursive: true, force: true });
});

const edgeGet = (path: string) => getVia(ats.edge!.port, DS_HOST, path);
const isHit = (via: string | string[] | undefined) => /\[cH/.test(String(via));

test('a customer onboarded on the running CDN is served through it: the origin once, then a cache hit', async () => {
  // Nothing is queued by hand: the assignment queues the EDGE and the MID above it, and their agents apply it.
  await onboardCustomer(adminStep, origin.port);
  const served = await waitServing(ats.edge!.port, DS_HOST, '/warmup');
  expect(served.status, `${served.body}\n${steps.slice(-3).join('\n')}`).toBe(200);
  const tree = await adminStep(['cachegroups', 'tree']);
  expect(tree).toMatch(/^mid-east \[MID_LOC\] 1 server.*\n└── edge-east \[EDGE_LOC\] 1 server/m);
  for (const path of ['/images/a.jpg', '/css/site.css']) {
    expect((await edgeGet(path)).body).toBe(origin.body(path));
    expect(isHit((await edgeGet(path)).headers.via), path).toBe(true);
    expect(origin.count(path)).toBe(1);
  }
}, 60_000);

test("the customer's own user purges its delivery service and the EDGE revalidates only the purged objects", async () => {
  const customer = new Cli({ configDir: tempDir('customer-config'), dataDir: tempDir('customer-data') });
  const step = stepper(customer, url, steps);
  await step(['login', '--username', CUSTOMER.username, '--password-stdin'], CUSTOMER.password);
  expect(await step(['ds', 'list', '-o', 'json'])).toContain('"xmlId": "demo"');
  await edgeGet('/images/a.jpg');
  origin.bump('/images/a.jpg');
  const before = origin.count('/images/a.jpg');
  await step(['purge', '--ds', 'demo', '--regex', '/images/.*', '--ttl', '1', '-y']);
  await until(
    async () => (await edgeGet('/images/a.jpg')).body === origin.body('/images/a.jpg') || false,
    'the EDGE to serve the new object',
  );
  expect(origin.count('/images/a.jpg')).toBeGreaterThan(before);
  expect(isHit((await edgeGet('/css/site.css')).headers.via)).toBe(true);
  expect(origin.count('/css/site.css')).toBe(1);
}, 40_000);
