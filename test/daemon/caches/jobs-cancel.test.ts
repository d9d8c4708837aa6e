import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../../shared/client/servers.js';
import { Cli } from '../../helpers/cli.js';
import { PASSWORDS, type CliDaemon } from '../../helpers/cli-daemon.js';
import { startCachesDaemon } from './cli-daemon.js';
import { PASSWORDS as CACHE_PASSWORDS } from './helpers.js';
import { fetchTransport, revalidateRun, type CacheTransport } from './simulated-cache.js';

/** Issue 33: `cdnctl jobs cancel` takes the rule off the caches through the normal control loop. */

let daemon: CliDaemon;
let cli: Cli;
let cache: CacheTransport;
let ortCookie: string;

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
  ortCookie = await loginCookie('ort_user', CACHE_PASSWORDS.ort_user);
  cache = fetchTransport(daemon.url, ortCookie);
});
afterAll(() => daemon?.stop());

const CACHES = ['mid1', 'mid2', 'edge1a', 'edge1b', 'edge2a'];

/** The regex_revalidate.config the cache would fetch now. */
async function revalidateConfig(host: string): Promise<string> {
  const res = await fetch(`${daemon.url}/api/1.3/servers/${host}/configfiles/ats/regex_revalidate.config`, {
    headers: { cookie: ortCookie },
  });
  expect(res.status).toBe(200);
  return res.text();
}

async function applyEverywhere(): Promise<void> {
  for (const host of CACHES) expect(await revalidateRun(cache, host)).toBe('applied');
}

const revalPending = async () =>
  (await cli.json<Server[]>(['servers', 'list'])).filter((s) => s.revalPending).map((s) => s.hostName);

describe('cdnctl api on a text answer (issue 33 item 8)', () => {
  it('prints a configuration file as its text', async () => {
    const printed = await cli.run(['api', 'GET', '/servers/mid1/configfiles/ats/regex_revalidate.config']);
    expect(printed.code, printed.stderr).toBe(0);
    expect(`${printed.stdout}`).toBe(`${(await revalidateConfig('mid1')).replace(/\n$/, '')}\n`);
  });
});

describe('cdnctl jobs cancel, through the control loop', () => {
  it('the caches get reval_pending and the revalidate config regenerates without the rule', async () => {
    const purge = await cli.run(['purge', '--ds', 'ds1', '--regex', '/cancelled/.*', '--ttl', '2']);
    expect(purge.code, purge.stderr).toBe(0);
    const id = Number(/^Created purge job (\d+) /.exec(purge.stdout)![1]);
    await applyEverywhere();
    expect(await revalPending()).toEqual([]);
    expect(await revalidateConfig('mid1')).toContain('/cancelled/.*');

    const cancelled = await cli.run(['jobs', 'cancel', String(id), '--yes']);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect((await revalPending()).sort()).toEqual([...CACHES].sort());
    expect(await revalidateConfig('mid1')).not.toContain('/cancelled/.*');
    expect(await revalidateConfig('edge2a')).not.toContain('/cancelled/.*');
    expect(cancelled.stdout).toContain(`(follow them with: cdnctl jobs watch ${id})`);
    const before = await cli.run(['jobs', 'watch', String(id), '--timeout', '0.6', '--interval', '0.2', '-o', 'json']);
    expect(before.code).toBe(1);
    expect(before.stderr).toContain(`the rule of cancelled job ${id} has not left every cache after 0.6s`);
    expect(JSON.parse(before.stdout)).toMatchObject({ jobId: id, complete: false });
    await applyEverywhere();
    expect(await revalPending()).toEqual([]);
    const after = await cli.run(['jobs', 'watch', String(id), '--timeout', '5', '--interval', '0.2']);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout.trimEnd()).toBe('MID 2/2 dropped  EDGE 3/3 dropped  - complete');
  });

  it('jobs cancel --watch follows the removal, MID tier then EDGE tier, until every cache dropped the rule', async () => {
    const purge = await cli.run(['purge', '--ds', 'ds1', '--regex', '/cancel-watch/.*', '--ttl', '2', '-o', 'json']);
    const id = Number(JSON.parse(purge.stdout).response.id);
    await applyEverywhere();
    const running = cli.run(
      ['jobs', 'cancel', String(id), '--yes', '--watch', '--interval', '0.2', '--timeout', '30'],
      {
        timeoutMs: 40_000,
      },
    );
    // The caches notice the cancel (reval_pending), then check in one by one, MIDs first.
    while (!(await revalPending()).includes('mid1')) await new Promise((resolve) => setTimeout(resolve, 50));
    await applyEverywhere();
    const result = await running;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`Cancelled purge job ${id} of ds1`);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^MID [0-2]\/2 dropped.*EDGE 0\/3 dropped/);
    expect(lines[lines.length - 1]).toBe('MID 2/2 dropped  EDGE 3/3 dropped  - complete');
    expect(await revalidateConfig('edge1a')).not.toContain('/cancel-watch/.*');
  });

  it('jobs watch of an id that never existed is not found (exit 1)', async () => {
    const watched = await cli.run(['jobs', 'watch', '99999', '--timeout', '1', '--interval', '0.2']);
    expect(watched.code).toBe(1);
    expect(watched.stderr).toContain('job 99999 not found');
  });
});
