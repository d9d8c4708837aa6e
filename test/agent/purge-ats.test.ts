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
 * A purge through real caches, with the daemon's routes stood in for: an EDGE and a MID on generated files,
 * each driven by its own agent loop. The new regex_revalidate.config reaches the MID first (the EDGE waits for
 * parent_reval_pending), and the next GET of a purged object makes the origin see a revalidation while an
 * object outside the regex stays a hit.
 */

let to: FakeTo;
let origin: Origin;
const ats: Record<'edge' | 'mid', AtsInstance | undefined> = { edge: undefined, mid: undefined };
const contexts = {} as Record<'edge' | 'mid', AtsServerContext>;
const clients: HttpClient[] = [];
const temp: string[] = [];
const stop = new AbortController();
const lines: string[] = [];
const host = 'cdn.demo.cdn.test';

beforeAll(async () => {
  to = await startFakeTo();
  origin = await startOrigin();
  const [edgePort, midPort, mid2Port] = [await freePort(), await freePort(), await freePort()];
  const hostsDir = mkdtempSync(join(tmpdir(), 'cdnctl-hosts-'));
  temp.push(hostsDir);
  writeFileSync(join(hostsDir, 'hosts'), '127.0.0.1 origin.test mid-01.cdn.test mid-02.cdn.test\n');
  const services = [service({ orgServerFqdn: `http://origin.test:${origin.port}` })];
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
    const port = tier === 'edge' ? edgePort : midPort;
    ats[tier] = await startAts(etc, {
      root,
      port,
      env: { PROXY_CONFIG_HOSTDB_HOST_FILE_PATH: join(hostsDir, 'hosts') },
    });
  }
  expect((await waitServing(edgePort, host, '/warmup')).status).toBe(200);
});

afterAll(async () => {
  stop.abort();
  await Promise.all(clients.map((c) => c.close()));
  await ats.edge?.stop();
  await ats.mid?.stop();
  await origin?.close();
  await to?.close();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function startAgent(tier: 'edge' | 'mid', name: string): Promise<number> {
  const http = new HttpClient({ baseUrl: to.url, version: '1.3', cookie: 'mojolicious=ok' });
  clients.push(http);
  const instance = ats[tier] as AtsInstance;
  return runAgent(
    {
      host: name,
      configDir: instance.configDir,
      intervalMs: 200,
      revalidateIntervalMs: 200,
      dispersionMs: 0,
      wait: 'reval',
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
      sleep: (ms, s) =>
        new Promise((r) => {
          const t = setTimeout(r, ms);
          s.addEventListener(
            'abort',
            () => {
              clearTimeout(t);
              r();
            },
            { once: true },
          );
        }),
    },
  );
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}; agent log:\n${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now();
}

test('a purge reaches the MID first, then the EDGE, and only the purged objects are fetched again', async () => {
  for (const path of ['/images/a.jpg', '/css/site.css']) {
    await getVia(ats.edge!.port, host, path);
    expect((await getVia(ats.edge!.port, host, path)).headers.via).toMatch(/\[cH/);
    expect(origin.count(path)).toBe(1);
  }
  origin.bump('/images/a.jpg');
  // The job as the daemon would add it: both caches' regex_revalidate.config list it, both are flagged.
  const job = { assetUrl: `http://origin.test:${origin.port}/images/.*`, startTime: Date.now(), ttlHours: 1 };
  for (const [tier, name] of [
    ['edge', 'edge-01'],
    ['mid', 'mid-01'],
  ] as const) {
    to.hostFiles.set(name, generateAtsFiles({ ...contexts[tier], jobs: [job], now: Date.now() }));
  }
  to.statuses.set('mid-01', updateStatus('mid-01', { reval_pending: true }));
  to.statuses.set('edge-01', updateStatus('edge-01', { reval_pending: true, parent_reval_pending: true }));
  to.onReport = (name) => {
    if (name === 'mid-01') to.statuses.get('edge-01')!.parent_reval_pending = to.statuses.get('mid-01')!.reval_pending;
  };
  const accepted = Date.now();
  const agents = [startAgent('mid', 'mid-01'), startAgent('edge', 'edge-01')];
  const midApplied = await until(
    () => to.reports.some((r) => r.host === 'mid-01' && r.reval_updated === 'false'),
    'the MID to apply',
  );
  const edgeApplied = await until(
    () => to.reports.some((r) => r.host === 'edge-01' && r.reval_updated === 'false'),
    'the EDGE to apply',
  );
  expect(to.reports.findIndex((r) => r.host === 'mid-01')).toBeLessThan(
    to.reports.findIndex((r) => r.host === 'edge-01'),
  );
  expect(
    lines.some((l) => /agent edge-01 revalidate: check-in: skip: revalidation pending, but a parent/.test(l)),
  ).toBe(true);
  // ATS reads the reloaded regex_revalidate.config a moment after the reload: poll until the EDGE serves v2.
  const revalidated = await until(
    async () => (await getVia(ats.edge!.port, host, '/images/a.jpg')).body === origin.body('/images/a.jpg'),
    'the purged object to be fetched again',
  );
  expect(origin.count('/images/a.jpg')).toBe(2);
  expect((await getVia(ats.edge!.port, host, '/css/site.css')).headers.via).toMatch(/\[cH/);
  expect(origin.count('/css/site.css')).toBe(1);
  console.log(
    `purge accepted → MID applied ${midApplied - accepted} ms → EDGE applied ${edgeApplied - accepted} ms → revalidated ${revalidated - accepted} ms`,
  );
  stop.abort();
  expect(await Promise.all(agents)).toEqual([0, 0]);
}, 90_000);
