import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerCheckRecord } from '../../../shared/contract/servers.js';
import {
  probeHttp,
  runReadinessChecks,
  startReadinessChecks,
  type HttpProbe,
} from '../../../daemon/services/caches/readiness.js';
import { DEFAULT_CACHES_CONFIG } from '../../../daemon/config.js';
import { VERSIONS } from '../../../daemon/versions.js';
import { cachesApp, type CachesApp } from './helpers.js';

let t: CachesApp;
let http: HttpServer;
let port: number;
beforeAll(async () => {
  t = await cachesApp();
  http = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => http?.close(resolve));
});

type Checks = Record<string, ServerCheckRecord>;
async function checks(v = '1.3'): Promise<Checks> {
  const res = await t.call('ro_user', 'GET', `/api/${v}/servers/checks`);
  return Object.fromEntries((res.json().response as ServerCheckRecord[]).map((r) => [r.hostName, r]));
}
/** A probe that answers for the hosts listed, without any network. */
const fakeProbe =
  (up: Set<string>): HttpProbe =>
  async (host, p) =>
    up.has(`${host}:${p}`);

describe('the HTTP probe', () => {
  it('is true for any HTTP answer and false when nothing listens', async () => {
    expect(await probeHttp('127.0.0.1', port, 2000)).toBe(true);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await probeHttp('127.0.0.1', freePort, 2000)).toBe(false);
  });
});

describe('the readiness checks loop, with an injected clock and schedule', () => {
  it('has no results before the first pass; servers/checks leaves `checks` out', async () => {
    expect((await checks()).edge1a.checks).toBeUndefined();
  });

  it('each pass stores HTTP, minutes since check-in and whether the cache keeps up', async () => {
    const config = { ...DEFAULT_CACHES_CONFIG, checksIntervalSeconds: 60 };
    let tick: (() => void) | null = null;
    let cancelled = false;
    const stop = startReadinessChecks({
      store: t.store,
      clock: t.clock.now,
      config,
      probe: fakeProbe(new Set(['127.0.0.1:80'])),
      schedule: (fn, ms) => {
        expect(ms).toBe(60_000);
        tick = fn;
        return () => {
          cancelled = true;
        };
      },
    });
    // edge1a checked in 10 minutes ago and has had an update queued for 31 minutes; mid1 never checked in.
    await t.store.serverFlags.setUpdPending({ hostName: 'edge1a' }, null, true, t.clock.now());
    t.clock.advance(21 * 60_000);
    await t.store.serverFlags.checkIn(await t.id('edge1a'), {}, t.clock.now());
    t.clock.advance(10 * 60_000 + 30_000);
    tick!();
    await stop();
    expect(cancelled).toBe(true);
    const after = await checks();
    expect(after.edge1a.checks).toEqual({ HTTP: 1, CKIN: 10, UPD: 0 });
    expect(after.mid1.checks).toEqual({ HTTP: 1, CKIN: null, UPD: 1 });
  });

  it('a pass over real loopback caches: the one that answers passes, the others fail', async () => {
    await t.call('ops_user', 'PUT', `/api/1.3/servers/${await t.id('edge2c')}`, {
      hostName: 'edge2c',
      domainName: 'cdn1.example.test',
      ipAddress: '127.0.0.1',
      tcpPort: port,
      cachegroup: 'edge-cg2',
      cdnName: 'cdn1',
      profile: 'EDGE_PROFILE1',
      type: 'EDGE',
      status: 'PRE_PROD',
    });
    const n = await runReadinessChecks({
      store: t.store,
      clock: t.clock.now,
      config: { ...DEFAULT_CACHES_CONFIG, httpCheckTimeoutMs: 500 },
      probe: (host, p, timeout) => (p === port ? probeHttp(host, p, timeout) : Promise.resolve(false)),
    });
    expect(n).toBe(7);
    const after = await checks();
    expect(after.edge2c.checks!.HTTP).toBe(1);
    expect(after.edge2b.checks!.HTTP).toBe(0);
  });

  it('a cache the health monitors judged takes their verdict as its HTTP check, unprobed (issue 35)', async () => {
    const [mid1] = await t.store.servers.list({ hostName: 'mid1' }, null);
    await t.store.cacheHealth.report(mid1.cdnId, 'mon-1', [{ hostName: 'mid1', available: false }], t.clock.now());
    await t.store.cacheHealth.report(mid1.cdnId, 'mon-1', [{ hostName: 'edge1a', available: true }], t.clock.now());
    const probed: string[] = [];
    await runReadinessChecks({
      store: t.store,
      clock: t.clock.now,
      config: DEFAULT_CACHES_CONFIG,
      probe: async (host, p) => {
        probed.push(`${host}:${p}`);
        return true;
      },
    });
    const after = await checks();
    expect([after.mid1.checks!.HTTP, after.edge1a.checks!.HTTP, after.edge1b.checks!.HTTP]).toEqual([0, 1, 1]);
    expect(probed).toHaveLength(5);
    await t.store.cacheHealth.expire(Number.MAX_SAFE_INTEGER);
  });

  it('turned off with checksIntervalSeconds 0: nothing is scheduled', async () => {
    let scheduled = false;
    const stop = startReadinessChecks({
      store: t.store,
      clock: t.clock.now,
      config: { ...DEFAULT_CACHES_CONFIG, checksIntervalSeconds: 0 },
      schedule: () => {
        scheduled = true;
        return () => undefined;
      },
    });
    await stop();
    expect(scheduled).toBe(false);
  });
});

describe('servers/checks, servercheck and to_extensions at every version', () => {
  it.each(VERSIONS)('%s: GET servers/checks lists caches with adminState and the deprecation warning', async (v) => {
    const res = await t.call('ro_user', 'GET', `/api/${v}/servers/checks?hostName=mid2`);
    expect(res.json().alerts).toEqual([
      { level: 'warning', text: 'This endpoint is deprecated, please use GET /servercheck instead' },
    ]);
    expect(res.json().response).toEqual([
      expect.objectContaining({
        hostName: 'mid2',
        adminState: 'ONLINE',
        cacheGroup: 'mid-cg',
        type: 'MID',
        profile: 'MID_PROFILE1',
      }),
    ]);
  });

  it.each(VERSIONS)(
    '%s: an extension registers a check and posts its results; only the extension user may',
    async (v) => {
      const short = `X${v.replace('.', '')}`;
      const ext = {
        name: `ext-${v}`,
        version: '1.0',
        info_url: 'https://example.test',
        script_file: 'x.pl',
        isactive: 1,
        type: 'CHECK_EXTENSION_NUM',
        servercheck_short_name: short,
      };
      expect((await t.call('admin', 'POST', `/api/${v}/to_extensions`, ext)).json().alerts[0].text).toBe(
        'invalid user for this API. Only the "extension" user can use this',
      );
      const made = await t.call('extension', 'POST', `/api/${v}/to_extensions`, ext);
      expect(made.json().alerts.map((a: { level: string }) => a.level)).toEqual(['success', 'warning']);
      expect(made.json().alerts[0].text).toBe('Check Extension Loaded.');
      const again = await t.call('extension', 'POST', `/api/${v}/to_extensions`, ext);
      expect(again.json().alerts[0].text).toBe(`A Check extension is already loaded with ext-${v} name`);
      const posted = await t.call('extension', 'POST', `/api/${v}/servercheck`, {
        host_name: 'mid2',
        servercheck_short_name: short,
        value: 42,
      });
      expect(posted.json().alerts).toEqual([{ level: 'success', text: 'Server Check was successfully updated' }]);
      expect((await checks(v)).mid2.checks![short]).toBe(42);
      const listed = await t.call('ro_user', 'GET', `/api/${v}/to_extensions`);
      expect(listed.json().response.map((e: { servercheck_short_name: string }) => e.servercheck_short_name)).toContain(
        short,
      );
      const id = made.json().response.id as number;
      expect((await t.call('admin', 'POST', `/api/${v}/to_extensions/${id}/delete`)).statusCode).toBe(403);
      expect((await t.call('extension', 'POST', `/api/${v}/to_extensions/${id}/delete`)).json().alerts[0].text).toBe(
        'Extensions deleted.',
      );
      expect((await checks(v)).mid2.checks![short]).toBeUndefined();
    },
  );

  it('reports servercheck and to_extensions input errors', async () => {
    const text = async (url: string, body: unknown) =>
      (await t.call('extension', 'POST', url, body)).json().alerts[0].text;
    expect(await text('/api/1.3/servercheck', { value: 1 })).toBe(
      'required fields missing: id or host_name, servercheck_short_name',
    );
    expect(await text('/api/1.3/servercheck', { host_name: 'nope', servercheck_short_name: 'HTTP', value: 1 })).toBe(
      'Server not found',
    );
    expect(await text('/api/1.3/servercheck', { host_name: 'mid1', servercheck_short_name: 'ZZZ', value: 1 })).toBe(
      'Server Check Extension ZZZ not found - Do you need to install it?',
    );
    expect(await text('/api/1.3/to_extensions', { id: 3 })).toBe(
      'ServerCheckExtension update not supported; delete and re-add.',
    );
    expect(
      await text('/api/1.3/to_extensions', {
        name: 'a',
        version: '1',
        info_url: 'u',
        script_file: 's',
        isactive: 1,
        type: 'CONFIG_EXTENSION',
      }),
    ).toBe('type CONFIG_EXTENSION does not exist');
    expect(await text('/api/1.3/to_extensions/99999/delete', undefined)).toBe('no TO Extension with that key found');
  });
});
