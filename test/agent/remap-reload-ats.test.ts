import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AtsServerContext } from '../../daemon/atsconfig/context.js';
import { generateAtsFiles } from '../../daemon/atsconfig/generate.js';
import { AgentApi } from '../../agent/api.js';
import { runAgent } from '../../agent/loop.js';
import { runShell } from '../../agent/reload.js';
import { HttpClient } from '../../shared/client/http.js';
import { createAtsRoot, freePort, startAts, type AtsInstance } from '../helpers/ats/ats-instance.js';
import { getVia, waitServing } from '../helpers/ats/http-get.js';
import { startOrigin, type Origin } from '../helpers/ats/origin.js';
import { pairContexts, service } from '../daemon/atsconfig/contexts.js';
import { startFakeTo, updateStatus, type FakeTo } from './fake-to.js';

/*
 * Issue 32, finding 4: an origin switch took ~7–8 s from `cdns queue` to traffic following although the agents
 * applied in under a second: ATS re-read remap.config only seconds after `traffic_ctl config reload`. Why, in
 * ATS 9.2 under traffic_manager: the reload marks remap.config's record for a sync that traffic_manager pushes
 * to traffic_server on a fixed 5 s timer (not a record: compiled in), after up to 1 s in its main loop; then
 * traffic_server runs the reload on its own timer, proxy.config.config_update_interval_ms (3,000 ms by default,
 * 500 ms in the generated records.config since). So the bound ATS 9.2 allows is ~6.5 s, not the 2 s the issue
 * asks for; this test holds the generated files to it and prints the figure. With the generated files, a real
 * MID and EDGE, each driven by its agent: once both agents have applied the switch, the EDGE serves from the new
 * origin within that bound.
 */

type Tier = 'edge' | 'mid';
const HOSTS: Record<Tier, string> = { mid: 'mid-01', edge: 'edge-01' };
/** traffic_manager's main loop (1 s) + its sync timer (5 s) + config_update_interval_ms (0.5 s). */
const BOUND_MS = 6500;
let to: FakeTo;
let before: Origin;
let after: Origin;
const ats: Partial<Record<Tier, AtsInstance>> = {};
const contexts = {} as Record<Tier, AtsServerContext>;
const clients: HttpClient[] = [];
const temp: string[] = [];
const stop = new AbortController();
const lines: string[] = [];
const host = 'cdn.demo.cdn.test';

beforeAll(async () => {
  to = await startFakeTo();
  before = await startOrigin('before');
  after = await startOrigin('after');
  const [edgePort, midPort, mid2Port] = [await freePort(), await freePort(), await freePort()];
  const hostsDir = mkdtempSync(join(tmpdir(), 'cdnctl-hosts-'));
  temp.push(hostsDir);
  writeFileSync(join(hostsDir, 'hosts'), '127.0.0.1 origin.test mid-01.cdn.test mid-02.cdn.test\n');
  const services = [service({ orgServerFqdn: `http://origin.test:${before.port}` })];
  for (const tier of ['mid', 'edge'] as const) {
    const root = createAtsRoot(tier);
    const etc = mkdtempSync(join(tmpdir(), `cdnctl-${tier}-etc-`));
    temp.push(etc);
    contexts[tier] = {
      ...pairContexts({ edgePort, midPort, mid2Port, services, cacheDir: join(root, 'cache') })[tier],
      jobs: [],
      now: Date.now(),
    };
    for (const [name, text] of generateAtsFiles(contexts[tier])) writeFileSync(join(etc, name), text);
    ats[tier] = await startAts(etc, {
      root,
      port: tier === 'edge' ? edgePort : midPort,
      env: { PROXY_CONFIG_HOSTDB_HOST_FILE_PATH: join(hostsDir, 'hosts') },
    });
  }
  expect((await waitServing(edgePort, host, '/warmup')).body).toBe(before.body('/warmup'));
}, 120_000);

afterAll(async () => {
  stop.abort();
  await Promise.all(clients.map((c) => c.close()));
  await ats.edge?.stop();
  await ats.mid?.stop();
  await before?.close();
  await after?.close();
  await to?.close();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

const abortableSleep = (ms: number, s: AbortSignal) =>
  new Promise<void>((r) => {
    const t = setTimeout(r, ms);
    s.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        r();
      },
      { once: true },
    );
  });

function startAgent(tier: Tier): Promise<number> {
  const http = new HttpClient({ baseUrl: to.url, version: '1.3', cookie: 'mojolicious=ok' });
  clients.push(http);
  const instance = ats[tier] as AtsInstance;
  return runAgent(
    {
      host: HOSTS[tier],
      configDir: instance.configDir,
      intervalMs: 200,
      revalidateIntervalMs: 60_000,
      dispersionMs: 0,
      wait: 'true',
      dryRun: false,
      force: false,
      once: false,
      reloadCommand: `TS_RUNROOT=${instance.root} traffic_ctl config reload`,
      dataDir: join(instance.root, 'agent'),
    },
    {
      api: new AgentApi(http, '1.3'),
      runCommand: (c) => runShell(c),
      logLine: (t) => lines.push(t),
      out: () => {},
      now: () => new Date(),
      random: () => 0,
      signal: stop.signal,
      sleep: abortableSleep,
    },
  );
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}; agent log:\n${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now();
}

test('after the agents apply an origin switch, the EDGE serves from the new origin within 6.5 s', async () => {
  const switched = [service({ orgServerFqdn: `http://origin.test:${after.port}` })];
  for (const tier of ['mid', 'edge'] as const) {
    const files = generateAtsFiles({ ...contexts[tier], deliveryServices: switched, now: Date.now() });
    to.hostFiles.set(HOSTS[tier], files);
  }
  to.statuses.set('mid-01', updateStatus('mid-01', { upd_pending: true }));
  to.statuses.set('edge-01', updateStatus('edge-01', { upd_pending: true, parent_pending: true }));
  to.onReport = (name) => {
    if (name === 'mid-01') to.statuses.get('edge-01')!.parent_pending = to.statuses.get('mid-01')!.upd_pending;
  };
  const queued = Date.now();
  const agents = [startAgent('mid'), startAgent('edge')];
  const applied = await until(
    () => to.reports.some((r) => r.host === 'edge-01' && r.updated === 'false'),
    'both agents to apply the switch',
  );
  let n = 0;
  const following = await until(async () => {
    const path = `/probe-${n++}`;
    return (await getVia(ats.edge!.port, host, path)).body === after.body(path);
  }, 'the EDGE to serve from the new origin');
  console.log(
    `origin switch: queued → agents applied ${applied - queued} ms → traffic follows ${following - applied} ms later`,
  );
  expect(following - applied).toBeLessThanOrEqual(BOUND_MS);
  stop.abort();
  expect(await Promise.all(agents)).toEqual([0, 0]);
}, 120_000);
