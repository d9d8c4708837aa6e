import { beforeAll, describe, expect, it } from 'vitest';
import type { InvalidationJob } from '../../shared/client/jobs.js';
import { api } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';

const { daemon, cli } = useCliDaemon({ login: 'ops_user' });
let adminCookie: string;

async function loginCookie(username: string, password: string): Promise<string> {
  const res = await fetch(`${daemon.url}/api/1.3/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ u: username, p: password }),
  });
  return String(res.headers.get('set-cookie')).split(';')[0];
}

/** A purge by the admin (another user than the CLI's), answered with its id. */
async function adminPurge(xmlId: string, regex: string): Promise<number> {
  const res = await api<{ response: { id: number } }>(daemon.url, '/api/1.4/jobs', adminCookie, {
    method: 'POST',
    body: JSON.stringify({
      deliveryService: xmlId,
      regex,
      startTime: new Date(Date.now() + 60_000).toISOString(),
      ttl: 24,
    }),
  });
  expect(res.status).toBe(200);
  return res.body.response.id;
}

async function purge(xmlId: string, regex: string): Promise<number> {
  const result = await cli.run(['purge', '--ds', xmlId, '--regex', regex, '--ttl', '2']);
  expect(result.code, result.stderr).toBe(0);
  const id = /^Created purge job (\d+) for /.exec(result.stdout);
  expect(id, result.stdout).not.toBeNull();
  return Number(id![1]);
}

const allJobs = async () =>
  (await api<{ response: InvalidationJob[] }>(daemon.url, '/api/1.4/jobs', adminCookie)).body.response;

beforeAll(async () => {
  adminCookie = await loginCookie('admin', PASSWORDS.admin);
});

describe('cdnctl jobs (issue 33, item 1)', () => {
  it('purge prints the new job id, also with -o json in the response', async () => {
    const id = await purge('ds1', '/ids/.*');
    expect((await allJobs()).map((j) => j.id)).toContain(id);
  });

  it('cdnctl --api-version 1.4 api DELETE /jobs?id=N speaks 1.4: the job is deleted', async () => {
    const id = await purge('ds1', '/raw-delete/.*');
    const result = await cli.run(['--api-version', '1.4', 'api', 'DELETE', `/jobs?id=${id}`]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('/api/1.3/');
    expect(result.stdout).toContain('Content invalidation job was deleted');
    expect((await allJobs()).map((j) => j.id)).not.toContain(id);
  });

  it('jobs list --all: newest first, a STATUS column, dates as plain jobs list prints them', async () => {
    await purge('ds1', '/a/.*');
    await purge('ds2', '/b/.*');
    const table = await cli.run(['jobs', 'list', '--all']);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0].split(/\s{2,}/)).toEqual(['ID', 'DS', 'ASSET URL', 'PARAMETERS', 'START', 'STATUS']);
    const ids = lines.slice(1).map((l) => Number(l.split(/\s+/)[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const line of lines.slice(1))
      expect(line).toMatch(/ \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+(ACTIVE|SCHEDULED|EXPIRED)$/);
    const own = await cli.run(['jobs', 'list']);
    expect(own.stdout.split('\n')[0].split(/\s{2,}/)).toEqual(lines[0].split(/\s{2,}/));
    for (const line of own.stdout.trimEnd().split('\n').slice(1))
      expect(line).toMatch(/ \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+(ACTIVE|SCHEDULED|EXPIRED)$/);
  });

  it('jobs get <id> shows one job; an unknown id is exit 1 naming it', async () => {
    const id = await purge('ds2', '/get/.*');
    const shown = await cli.run(['jobs', 'get', String(id)]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^ID:\\s+${id}$`, 'm'));
    expect(shown.stdout).toMatch(/^DS:\s+ds2$/m);
    expect(shown.stdout).toMatch(/^Status:\s+ACTIVE$/m);
    expect(shown.stdout).toMatch(/^Asset URL:\s+\S+\/get\/\.\*$/m);
    const json = await cli.json<InvalidationJob>(['jobs', 'get', String(id)]);
    expect(json).toMatchObject({ id, deliveryService: 'ds2' });
    const missing = await cli.run(['jobs', 'get', '99999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error: job 99999 not found');
  });

  it("jobs list --ds X lists every job of X the caller may see, other users' too", async () => {
    const theirs = await adminPurge('ds3', '/theirs/.*');
    const mine = await purge('ds3', '/mine/.*');
    const listed = await cli.run(['jobs', 'list', '--ds', 'ds3']);
    const ids = listed.stdout
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => Number(l.split(/\s+/)[0]));
    expect(ids).toEqual(expect.arrayContaining([theirs, mine]));
    expect(ids.indexOf(mine)).toBeLessThan(ids.indexOf(theirs));
  });

  it('jobs cancel <id>: needs --yes off a terminal, --dry-run sends nothing, then the job is gone', async () => {
    const id = await purge('ds1', '/cancel-me/.*');
    const refused = await cli.run(['jobs', 'cancel', String(id)]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`refusing to cancel purge job ${id} of ds1`);
    const dry = await cli.run(['jobs', 'cancel', String(id), '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(new RegExp(`^Would cancel purge job ${id} of ds1 \\(\\S+/cancel-me/\\.\\*\\)`));
    expect((await allJobs()).map((j) => j.id)).toContain(id);
    const done = await cli.run(['jobs', 'cancel', String(id), '--yes']);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(new RegExp(`^Cancelled purge job ${id} of ds1 .*next revalidation`));
    expect((await allJobs()).map((j) => j.id)).not.toContain(id);
    const again = await cli.run(['jobs', 'cancel', String(id), '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`error: job ${id} not found`);
  });
});

describe('cdnctl jobs watch (issue 33, item 2)', () => {
  it('an expired job shows no progress: it says so and ends (exit 0)', async () => {
    const start = new Date(Date.now() - 3 * 3600_000).toISOString();
    const purged = await cli.run(['purge', '--ds', 'ds1', '--regex', '/old/.*', '--ttl', '1', '--start', start]);
    expect(purged.code, purged.stderr).toBe(0);
    const id = Number(/^Created purge job (\d+) /.exec(purged.stdout)![1]);
    const watched = await cli.run(['jobs', 'watch', String(id), '--timeout', '1', '--interval', '0.2']);
    expect(watched.code, watched.stderr).toBe(0);
    expect(watched.stdout).toMatch(new RegExp(`^job ${id} expired at \\S+ \\S+ UTC: its rule no longer applies`));
    expect(watched.stdout).not.toMatch(/applied|\[#/);
  });
});
