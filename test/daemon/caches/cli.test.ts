import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server, ServerAgents } from '../../../shared/client/servers.js';
import { api, Cli } from '../../helpers/cli.js';
import { PASSWORDS, type CliDaemon } from '../../helpers/cli-daemon.js';
import { startCachesDaemon } from './cli-daemon.js';
import { PASSWORDS as CACHE_PASSWORDS } from './helpers.js';
import { fetchTransport, revalidateRun, type CacheTransport } from './simulated-cache.js';

let daemon: CliDaemon;
let cli: Cli;
let cache: CacheTransport;

async function loginCookie(username: string, password: string): Promise<string> {
  const res = await fetch(`${daemon.url}/api/1.3/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ u: username, p: password }),
  });
  return String(res.headers.get('set-cookie')).split(';')[0];
}

beforeAll(async () => {
  daemon = await startCachesDaemon(PASSWORDS.admin);
  cli = new Cli(daemon);
  await cli.login('admin', PASSWORDS.admin);
  cache = fetchTransport(daemon.url, await loginCookie('ort_user', CACHE_PASSWORDS.ort_user));
});
afterAll(() => daemon?.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('cdnctl servers, cachegroups, cdns queue', () => {
  it('servers list -o json prints GET servers; the table shows status, pending flags and last check-in', async () => {
    const printed = await cli.json<Server[]>(['servers', 'list', '--type', 'MID']);
    expect(printed.map((s: { hostName: string }) => s.hostName)).toEqual(['mid1', 'mid2']);
    const table = await cli.run(['servers', 'list', '--ds', 'ds3']);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0].split(/\s{2,}/)).toEqual([
      'ID',
      'HOST',
      'TYPE',
      'STATUS',
      'CACHEGROUP',
      'CDN',
      'UPD',
      'REVAL',
      'LAST CHECK-IN',
    ]);
    expect(lines.slice(1).map((l) => l.split(/\s+/)[1])).toEqual(['edge2a', 'edge2b']);
    expect(lines[1]).toMatch(/edge2a\s+EDGE\s+REPORTED\s+edge-cg2\s+cdn1\s+-\s+-\s+never/);
  });

  it('servers get/create/update/delete; delete needs --yes off a terminal (exit 2, nothing deleted)', async () => {
    const created = await cli.json([
      'servers',
      'create',
      'edge9',
      '--domain',
      'cdn1.example.test',
      '--cachegroup',
      'edge-cg1',
      '--cdn',
      'cdn1',
      '--profile',
      'EDGE_PROFILE1',
      '--type',
      'EDGE',
      '--ip',
      '127.0.0.9',
      '--status',
      'REPORTED',
    ]);
    expect(created).toMatchObject({ hostName: 'edge9', cachegroup: 'edge-cg1', status: 'REPORTED' });
    const updated = await cli.json(['servers', 'update', 'edge9', '--tcp-port', '8080', '--cachegroup', 'edge-cg2']);
    expect(updated).toMatchObject({ hostName: 'edge9', tcpPort: 8080, cachegroup: 'edge-cg2', ipAddress: '127.0.0.9' });
    const record = await cli.run(['servers', 'get', 'edge9']);
    expect(record.stdout).toMatch(/HOST:\s+edge9/);
    const refused = await cli.run(['servers', 'delete', 'edge9']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing to delete server edge9 (EDGE, REPORTED) without confirmation');
    const dry = await cli.run(['servers', 'delete', 'edge9', '--dry-run']);
    expect([dry.code, dry.stdout]).toEqual([0, 'Would delete server edge9 (EDGE, REPORTED)\n']);
    expect((await cli.json<Server>(['servers', 'get', 'edge9'])).hostName).toBe('edge9');
    const deleted = await cli.run(['servers', 'delete', 'edge9', '--yes']);
    expect([deleted.code, deleted.stdout]).toEqual([0, 'Deleted server edge9 (EDGE, REPORTED)\n']);
    expect((await cli.run(['servers', 'get', 'edge9'])).code).toBe(1);
  });

  it('servers status: OFFLINE/ADMIN_DOWN need --reason and --yes off a terminal; the API’s 409 is exit 1', async () => {
    expect((await cli.run(['servers', 'status', 'edge1a', 'ADMIN_DOWN'])).code).toBe(2);
    const unconfirmed = await cli.run(['servers', 'status', 'edge1a', 'ADMIN_DOWN', '--reason', 'disk swap']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('refusing to set edge1a ADMIN_DOWN (it stops serving) without confirmation');
    const dry = await cli.run(['servers', 'status', 'edge1a', 'ADMIN_DOWN', '--reason', 'disk swap', '--dry-run']);
    expect([dry.code, dry.stdout]).toEqual([0, 'Would set edge1a ADMIN_DOWN (it stops serving)\n']);
    expect((await cli.json<Server>(['servers', 'get', 'edge1a'])).status).toBe('REPORTED');
    const done = await cli.run(['servers', 'status', 'edge1a', 'ADMIN_DOWN', '--reason', 'disk swap', '--yes']);
    expect(done.code).toBe(0);
    expect(done.stderr).toContain('Updated status [ ADMIN_DOWN ] for edge1a.cdn1.example.test [ admin: disk swap ]');
    // Traffic Ops' "and queued updates on all child caches" is not true of an EDGE: the CLI says what happened.
    expect(done.stderr).not.toContain('child caches\n');
    expect(done.stderr).toContain('(an EDGE has no child caches: nothing was queued)');
    const mid = await cli.run(['servers', 'status', 'mid2', 'REPORTED']);
    expect(mid.stderr).toContain('for mid2.cdn1.example.test and queued updates on the caches below it');
    const last = await cli.run(['servers', 'status', 'edge2a', 'OFFLINE', '--reason', 'x', '--yes']);
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('would leave Active Delivery Service');
    expect((await cli.run(['servers', 'status', 'edge1a', 'REPORTED'])).code).toBe(0);
    expect((await cli.run(['servers', 'status', 'edge1a', 'SLEEPING'])).code).toBe(2);
  });

  it('servers queue/dequeue, cdns queue and cachegroups list', async () => {
    expect((await cli.run(['servers', 'queue', 'edge2a'])).stdout).toBe('queued an update on edge2a\n');
    expect((await cli.json<Server>(['servers', 'get', 'edge2a'])).updPending).toBe(true);
    expect((await cli.run(['servers', 'dequeue', 'edge2a'])).code).toBe(2);
    expect((await cli.json<Server>(['servers', 'get', 'edge2a'])).updPending).toBe(true);
    expect((await cli.run(['servers', 'dequeue', 'edge2a', '--yes'])).code).toBe(0);
    expect((await cli.json<Server>(['servers', 'get', 'edge2a'])).updPending).toBe(false);
    expect((await cli.run(['cdns', 'queue', 'cdn1'])).stdout).toBe('queued updates on the caches of cdn1\n');
    expect((await cli.json<Server[]>(['servers', 'list'])).every((s: { updPending: boolean }) => s.updPending)).toBe(
      true,
    );
    expect((await cli.run(['cdns', 'dequeue', 'cdn1'])).code).toBe(2);
    expect((await cli.json<Server[]>(['servers', 'list'])).every((s: { updPending: boolean }) => s.updPending)).toBe(
      true,
    );
    expect((await cli.run(['cdns', 'dequeue', 'cdn1', '--yes'])).code).toBe(0);
    expect((await cli.json<Server[]>(['servers', 'list'])).some((s: { updPending: boolean }) => s.updPending)).toBe(
      false,
    );
    const groups = await cli.run(['cachegroups', 'list']);
    expect(groups.stdout).toMatch(/edge-cg1\s+edge1\s+EDGE_LOC\s+mid-cg/);
  });

  it('servers agents shows and sets the logins that check in for a cache (issue 28)', async () => {
    expect(await cli.json(['servers', 'agents', 'edge2c'])).toMatchObject({
      hostName: 'edge2c',
      usernames: ['ort_user'],
    });
    const set = await cli.json(['servers', 'agents', 'edge2c', '--set', 'extension, ort_user']);
    expect(set).toMatchObject({ hostName: 'edge2c', usernames: ['extension', 'ort_user'] });
    const shown = await cli.run(['servers', 'agents', 'edge2c']);
    expect(shown.stdout).toMatch(/agents:\s+extension, ort_user/);
    const unknown = await cli.run(['servers', 'agents', 'edge2c', '--set', 'nobody-here']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('usernames[0] is no user');
    expect((await cli.json<ServerAgents>(['servers', 'agents', 'edge2c', '--set', 'ort_user'])).usernames).toEqual([
      'ort_user',
    ]);
  });

  it('servers checks shows the checks of every cache (after an extension posted one)', async () => {
    const ext = await loginCookie('extension', CACHE_PASSWORDS.extension);
    const posted = await api(daemon.url, '/api/1.3/servercheck', ext, {
      method: 'POST',
      body: JSON.stringify({ host_name: 'mid1', servercheck_short_name: 'HTTP', value: 1 }),
    });
    expect(posted.status).toBe(200);
    const table = await cli.run(['servers', 'checks']);
    expect(table.stdout.split('\n')[0].split(/\s{2,}/)).toEqual([
      'HOST',
      'TYPE',
      'STATUS',
      'CACHEGROUP',
      'UPD',
      'REVAL',
      'HTTP',
      'CKIN',
      'UPD',
    ]);
    // Marks, not Traffic Ops' 1/0 (issue 33 item 6); -o json keeps the numbers.
    expect(table.stdout).toMatch(/mid1\s+MID\s+REPORTED\s+mid-cg\s+-\s+-\s+✓\s+–\s+–/);
    const json = await cli.json<Array<{ hostName: string; checks: Record<string, number> }>>(['servers', 'checks']);
    expect(json.find((c) => c.hostName === 'mid1')?.checks.HTTP).toBe(1);
  });
});

describe('cdnctl purge --watch and jobs watch, against caches that check in', () => {
  it('follows the purge: the MID tier applies before the EDGE tier, one line per change, exit 0', async () => {
    const running = cli.run(
      ['purge', '--ds', 'ds1', '--regex', '/watch/.*', '--ttl', '1', '--watch', '--interval', '0.2', '--timeout', '30'],
      { timeoutMs: 40_000 },
    );
    // The caches: wait for the purge to reach them, then check in one at a time, each a little later.
    for (let i = 0; i < 100; i += 1) {
      const status = (await cache('GET', '/api/1.3/servers/mid1/update_status')).json as Array<{
        reval_pending: boolean;
      }>;
      if (status[0].reval_pending) break;
      await sleep(100);
    }
    const order = ['edge1a', 'mid1', 'edge2a', 'mid2', 'edge1a', 'edge1b', 'edge2a'];
    const runs: string[] = [];
    for (const host of order) {
      await sleep(500);
      runs.push(`${host}: ${await revalidateRun(cache, host)}`);
    }
    expect(runs).toEqual([
      'edge1a: waiting for parents',
      'mid1: applied',
      'edge2a: waiting for parents',
      'mid2: applied',
      'edge1a: applied',
      'edge1b: applied',
      'edge2a: applied',
    ]);
    const result = await running;
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    // Caches that never checked in (or not for twice the interval) are overdue: they are named.
    expect(lines[0]).toMatch(
      /^MID 0\/2 applied \(2 pending, \d overdue: [a-z0-9, ]+\)  EDGE 0\/3 applied \(3 pending, 3 overdue: edge1a, edge1b, edge2a\)$/,
    );
    expect(lines[lines.length - 1]).toBe('MID 2/2 applied  EDGE 3/3 applied  - complete');
    expect(new Set(lines).size).toBe(lines.length);
    for (const line of lines) {
      const [, mid, midTotal, edge] = /MID (\d+)\/(\d+) applied.*EDGE (\d+)\//.exec(line)!.map(Number);
      if (edge > 0) expect(mid, line).toBe(midTotal);
    }
  });

  it('jobs watch gives up after --timeout (exit 1) and -o json prints the final state', async () => {
    const purge = await cli.run(['purge', '--ds', 'ds1', '--regex', '/stuck/.*', '--ttl', '1', '-o', 'json']);
    const id = JSON.parse(purge.stdout).response.id;
    const watched = await cli.run(['jobs', 'watch', String(id), '--timeout', '0.6', '--interval', '0.2', '-o', 'json']);
    expect(watched.code).toBe(1);
    expect(watched.stderr).toContain(
      `job ${id} has not reached every cache after 0.6s; pending: mid1, mid2, edge1a, edge1b, edge2a`,
    );
    const state = JSON.parse(watched.stdout);
    expect(state).toMatchObject({ jobId: Number(id), complete: false, deliveryService: 'ds1' });
    expect(state.tiers.map((t: { tier: string; pending: number }) => `${t.tier}:${t.pending}`)).toEqual([
      'MID:2',
      'EDGE:3',
    ]);
  });
});
