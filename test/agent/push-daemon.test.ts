import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AgentApi } from '../../agent/api.js';
import { runAgent } from '../../agent/loop.js';
import { HttpClient } from '../../shared/client/http.js';
import { formatTimestamp } from '../../shared/time.js';
import { cachesApp, type CachesApp } from '../daemon/caches/helpers.js';
import { eachStore } from '../helpers/store-kinds.js';

/*
 * Issue 32, push instead of polling: real agents with the DEFAULT timers (revalidate every 60 s, syncds every 15 min)
 * against the real daemon (listening, in this process). A purge reaches both MIDs by push, and the EDGEs as soon as
 * both MIDs have applied; a queued update reaches its cache by push too. Without push this would take a minute.
 */

const MIDS = ['mid1', 'mid2'];
const EDGES = ['edge1a', 'edge2a'];

eachStore((kind) => {
  let t: CachesApp;
  let dir: string;
  let ticking: ReturnType<typeof setInterval>;
  const clients: HttpClient[] = [];
  const stop = new AbortController();
  const runs: Array<Promise<number>> = [];
  const lines: string[] = [];

  beforeAll(async () => {
    t = await cachesApp(kind);
    // The daemon's clock moves as real time does: a check-in in a raise's own millisecond keeps the flag up.
    ticking = setInterval(() => t.clock.advance(5), 5);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'cdnctl-push-'));
    for (const host of [...MIDS, ...EDGES]) runs.push(startAgent(host));
    const ready = (l: string) => l.includes('push: connected') || l.includes('revalidate: check-in');
    await until(() => lines.filter(ready).length === 8, 'every agent to connect and make its first pass');
  }, 60_000);

  afterAll(async () => {
    stop.abort();
    await Promise.all(runs);
    clearInterval(ticking);
    await Promise.all(clients.map((c) => c.close()));
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function startAgent(host: string): Promise<number> {
    const { port } = t.app.server.address() as AddressInfo;
    const http = new HttpClient({ baseUrl: `http://127.0.0.1:${port}`, version: '1.3', cookie: t.cookie.ort_user });
    clients.push(http);
    return runAgent(
      {
        host,
        configDir: join(dir, host),
        // The CLI's defaults.
        intervalMs: 15 * 60_000,
        revalidateIntervalMs: 60_000,
        dispersionMs: 5 * 60_000,
        wait: 'reval',
        dryRun: false,
        force: false,
        once: false,
        reloadCommand: null,
        dataDir: join(dir, 'data'),
      },
      {
        api: new AgentApi(http, '1.3'),
        runCommand: async () => undefined,
        logLine: (text) => lines.push(text),
        out: () => undefined,
        now: () => new Date(),
        sleep: (ms, s) =>
          new Promise((r) => {
            const timer = setTimeout(r, ms);
            s.addEventListener('abort', () => (clearTimeout(timer), r()), { once: true });
          }),
        random: () => 0.5,
        signal: stop.signal,
      },
    );
  }

  async function until(check: () => boolean, what: string, ms = 15_000): Promise<number> {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}; agent log:\n${lines.join('\n')}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    return Date.now();
  }

  const hasRule = (host: string, regex: string) => {
    const file = join(dir, host, 'regex_revalidate.config');
    return existsSync(file) && readFileSync(file, 'utf8').includes(regex);
  };

  it(`${kind}: a purge reaches the MIDs by push, then the EDGEs once both MIDs have applied`, async () => {
    const regex = `/pushed-${kind}/.*`;
    const ds1 = (await t.store.deliveryServices.byXmlId('ds1'))!.id;
    const accepted = Date.now();
    const res = await t.call('admin', 'POST', '/api/1.3/user/current/jobs', {
      dsId: ds1,
      regex,
      startTime: formatTimestamp(t.clock.now()),
      ttl: 24,
    });
    expect(res.statusCode, res.body).toBe(200);
    const at: Record<string, number> = {};
    await Promise.all(
      [...MIDS, ...EDGES].map(async (host) => (at[host] = await until(() => hasRule(host, regex), `${host}'s rule`))),
    );
    const took = Object.fromEntries(Object.entries(at).map(([h, ms]) => [h, ms - accepted]));
    console.log(`push (${kind}): purge accepted → rule written (ms): ${JSON.stringify(took)}`);
    expect(Math.max(...EDGES.map((h) => at[h]))).toBeLessThan(accepted + 10_000);
    // An EDGE applies only after both MIDs did (parent_reval_pending), and it heard of them by push, not a timer.
    for (const edge of EDGES) for (const mid of MIDS) expect(at[edge]).toBeGreaterThanOrEqual(at[mid]);
  }, 30_000);

  it(`${kind}: a queued update (cdns queue) reaches every cache by push`, async () => {
    const cdn = (await t.store.servers.byHostName('mid1', null))!.cdnId;
    const before = lines.length;
    const res = await t.call('admin', 'POST', `/api/1.3/cdns/${cdn}/queue_update`, { action: 'queue' });
    expect(res.statusCode, res.body).toBe(200);
    for (const host of [...MIDS, ...EDGES])
      await until(
        () => lines.slice(before).some((l) => l.includes(`agent ${host} syncds: reported updated=false`)),
        `${host}'s syncds pass`,
      );
  }, 30_000);
});
