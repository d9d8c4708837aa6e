import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AgentApi } from '../../agent/api.js';
import { runAgent, type AgentOptions } from '../../agent/loop.js';
import { HttpClient } from '../../shared/client/http.js';
import { formatTimestamp } from '../../shared/time.js';
import { cachesApp, type CachesApp } from '../daemon/caches/helpers.js';
import { eachStore } from '../helpers/store-kinds.js';

/*
 * Issues 32/33 at the agent: the real agent against the real daemon (listening, in this process). A purge entered
 * while mid1's revalidate pass is between its update_status read and its check-in is not wiped by that check-in:
 * the agent's next pass still sees reval_pending and applies it to regex_revalidate.config.
 */

eachStore((kind) => {
  let t: CachesApp;
  let http: HttpClient;
  let dir: string;
  /** Runs once, just before the agent's next report (between its read and its check-in). */
  let beforeReport: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    t = await cachesApp(kind);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    http = new HttpClient({ baseUrl: `http://127.0.0.1:${port}`, version: '1.3', cookie: t.cookie.ort_user });
    dir = mkdtempSync(join(tmpdir(), 'cdnctl-reval-race-'));
  }, 60_000);
  afterAll(async () => {
    await http?.close();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function purge(regex: string): Promise<void> {
    const ds1 = (await t.store.deliveryServices.byXmlId('ds1'))!.id;
    const res = await t.call('admin', 'POST', '/api/1.3/user/current/jobs', {
      dsId: ds1,
      regex,
      startTime: formatTimestamp(t.clock.now()),
      ttl: 24,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  function agentOnce(lines: string[]): Promise<number> {
    const real = new AgentApi(http, '1.3');
    const options: AgentOptions = {
      host: 'mid1',
      configDir: join(dir, 'etc'),
      intervalMs: 60_000,
      revalidateIntervalMs: 60_000,
      dispersionMs: 0,
      wait: 'reval',
      dryRun: false,
      force: false,
      once: true,
      reloadCommand: null,
      dataDir: join(dir, 'data'),
    };
    const api = {
      updateStatus: (host: string) => real.updateStatus(host),
      fileList: (host: string) => real.fileList(host),
      file: (entry: Parameters<AgentApi['file']>[0]) => real.file(entry),
      heartbeat: (host: string) => real.heartbeat(host),
      async report(host: string, flags: { updated: boolean; reval_updated: boolean }) {
        const hook = beforeReport;
        beforeReport = null;
        if (hook) await hook();
        return real.report(host, flags);
      },
    };
    return runAgent(options, {
      api,
      runCommand: async () => undefined,
      logLine: (text) => lines.push(text),
      out: () => undefined,
      now: () => new Date(),
      sleep: async () => undefined,
      random: () => 0,
      signal: new AbortController().signal,
    });
  }

  const revalPending = async () =>
    ((await t.call('ort_user', 'GET', '/api/1.3/servers/mid1/update_status')).json() as [{ reval_pending: boolean }])[0]
      .reval_pending;
  const revalidateFile = () => readFileSync(join(dir, 'etc', 'regex_revalidate.config'), 'utf8');

  it("a purge entered during the agent's pass is applied by its next pass", async () => {
    // mid1 starts with nothing pending (an ORT-style check-in clears both flags).
    const clear = await t.app.inject({
      method: 'POST',
      url: '/update/mid1',
      headers: { cookie: t.cookie.ort_user, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'updated=false&reval_updated=false',
    });
    expect(clear.statusCode, clear.body).toBe(200);
    t.clock.advance(1000);
    await purge('/first/.*');
    t.clock.advance(1000);
    beforeReport = async () => {
      t.clock.advance(1000);
      await purge('/second/.*');
      t.clock.advance(1000);
    };
    const first: string[] = [];
    expect(await agentOnce(first), first.join('\n')).toBe(0);
    expect(beforeReport).toBeNull();
    expect(revalidateFile()).toContain('/first/');
    expect(revalidateFile()).not.toContain('/second/');
    // The pass read before job 2: its check-in left reval_pending up for job 2.
    expect(await revalPending()).toBe(true);
    t.clock.advance(1000);
    const next: string[] = [];
    expect(await agentOnce(next), next.join('\n')).toBe(0);
    expect(next.join('\n')).toMatch(/revalidate: check-in: apply: revalidation pending/);
    expect(revalidateFile()).toContain('/second/');
    expect(await revalPending()).toBe(false);
  });
});
