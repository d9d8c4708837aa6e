import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryService } from '../../shared/client/deliveryservices.js';
import type { InvalidationJob } from '../../shared/client/jobs.js';
import type { Origin } from '../../shared/client/origins.js';
import type { Server } from '../../shared/client/servers.js';
import type { User } from '../../shared/client/users.js';
import { api, Cli, storedCookie } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';

const { daemon, cli } = useCliDaemon({ login: 'admin' });

/** What `cdnctl ds get -o json` prints: the record, then each section's rows. */
interface DsPage {
  deliveryService: DeliveryService;
  origins: Origin[];
  servers: Server[];
  jobs: unknown[];
}
let cookie: string;

beforeAll(async () => {
  cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
  const purge = await cli.run(['purge', '--ds', 'ds1', '--regex', '/verbs/.*', '--ttl', '5']);
  if (purge.code !== 0) throw new Error(purge.stderr);
});

describe('ds get', () => {
  it('shows the settings, the origins and the recent jobs of one delivery service', async () => {
    const page = await cli.run(['ds', 'get', 'ds1']);
    expect(page.code).toBe(0);
    expect(page.stdout).toMatch(/^xmlId:\s+ds1$/m);
    // The protocol in words, not Traffic Ops' number (issue 33 item 6).
    expect(page.stdout).toMatch(/^protocol:\s+HTTP$/m);
    expect(page.stdout).toMatch(/^orgServerFqdn:\s+http:\/\/ds1-origin\.example\.test$/m);
    expect(page.stdout).toMatch(/^ORIGINS \(2\)\n  ID\s+NAME\s+PROTOCOL\s+FQDN\s+PORT\s+PRIMARY\n/m);
    expect(page.stdout).toMatch(/^\s+\d+\s+ds1-secondary\s+https\s+backup\.ds1\.example\.test\s+8443\s+false$/m);
    expect(page.stdout).toMatch(/^JOBS \(1\)\n/m);
    expect(page.stdout).toContain('http://ds1-origin.example.test/verbs/.*');
    const json = await cli.json<DsPage>(['ds', 'get', 'ds1']);
    expect(Object.keys(json)).toEqual(['deliveryService', 'origins', 'servers', 'jobs']);
    expect(page.stdout).toMatch(/^SERVERS \(\d+\)$/m);
    const assigned = await api<{ response: Server[] }>(
      daemon.url,
      `/api/1.3/deliveryservices/${json.deliveryService.id}/servers`,
      cookie,
    );
    expect(json.servers.map((s: { hostName: string }) => s.hostName)).toEqual(
      assigned.body.response.map((s: { hostName: string }) => s.hostName),
    );
    expect(json.deliveryService.xmlId).toBe('ds1');
    expect(json.origins.map((o: { name: string }) => o.name).sort()).toEqual(['ds1', 'ds1-secondary']);
    expect(json.jobs).toHaveLength(1);
    const other = await cli.json<DsPage>(['ds', 'get', 'ds3']);
    expect(other.jobs).toEqual([]);
    const missing = await cli.run(['ds', 'get', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error: delivery service "nope" not found');
  });
});

describe('config get-contexts and current-context', () => {
  it('list the contexts with the current one marked, and print the current name', async () => {
    const none = await cli.run(['config', 'current-context']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('error: no current context: commands use the local daemon');
    expect((await cli.run(['config', 'set-context', 'here', '--server', daemon.url])).code).toBe(0);
    expect(
      (await cli.run(['config', 'set-context', 'old', '--server', 'http://127.0.0.1:1', '--api-version', '1.2'])).code,
    ).toBe(0);
    expect((await cli.run(['config', 'use-context', 'here'])).code).toBe(0);
    const table = await cli.run(['config', 'get-contexts']);
    expect(table.stdout.split('\n')[0]).toMatch(/^CURRENT\s+NAME\s+SERVER\s+API$/);
    expect(table.stdout).toMatch(new RegExp(`^\\*\\s+here\\s+${daemon.url.replace(/[.]/g, '\\.')}$`, 'm'));
    expect(table.stdout).toMatch(/^\s+old\s+http:\/\/127\.0\.0\.1:1\s+1\.2$/m);
    expect(await cli.json(['config', 'get-contexts'])).toEqual([
      { name: 'here', server: daemon.url, apiVersion: null, current: true },
      { name: 'old', server: 'http://127.0.0.1:1', apiVersion: '1.2', current: false },
    ]);
    const current = await cli.run(['config', 'current-context']);
    expect(current.stdout).toBe('here\n');
    expect((await cli.run(['config', 'use-context', 'none'])).code).toBe(0);
  });
});

describe('cdnctl api', () => {
  it('calls any route with the stored session and prints the answer as JSON', async () => {
    const got = await cli.run(['api', 'GET', '/origins?name=ds1']);
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout)).toEqual((await api(daemon.url, '/api/1.3/origins?name=ds1', cookie)).body);
    const me = JSON.parse((await cli.run(['api', 'get', '/api/1.2/user/current'])).stdout);
    expect(me.response.username).toBe('admin');
    const [ds3] = (await cli.json(['ds', 'list', '--xml-id', 'ds3'])) as Array<{ id: string }>;
    const body = JSON.stringify({
      name: 'api-made',
      fqdn: 'api.example.test',
      protocol: 'http',
      deliveryServiceId: Number(ds3.id),
    });
    const posted = await cli.run(['api', 'POST', 'origins', '--data', body]);
    expect(posted.code).toBe(0);
    expect(JSON.parse(posted.stdout)).toMatchObject({
      alerts: [{ level: 'success', text: 'origin was created.' }],
      response: { name: 'api-made' },
    });
  });

  it('bad input is a usage error (exit 2); an API error keeps its exit code', async () => {
    expect((await cli.run(['api', 'PATCH', '/origins'])).code).toBe(2);
    const badJson = await cli.run(['api', 'POST', '/origins', '--data', '{nope']);
    expect(badJson.code).toBe(2);
    expect(badJson.stderr).toContain('error: --data is not JSON');
    const refused = await cli.run(['api', 'DELETE', '/origin?id=999999']);
    expect(refused.code).toBe(1);
  });
});

describe('every list takes --filter, --sort, --limit and -o csv', () => {
  it('origins list narrows, orders and cuts the rows, in the table and in -o json', async () => {
    const all = await cli.json<Origin[]>(['origins', 'list']);
    const sorted = await cli.json<Origin[]>(['origins', 'list', '--sort', '-id', '--limit', '2']);
    expect(sorted.map((o: { id: number }) => o.id)).toEqual(
      all
        .map((o) => o.id)
        .sort((a, b) => b - a)
        .slice(0, 2),
    );
    const filtered = await cli.json<Origin[]>(['origins', 'list', '--filter', 'deliveryService=DS1', '--sort', 'name']);
    expect(filtered.map((o: { name: string }) => o.name)).toEqual(['ds1', 'ds1-secondary']);
    const contains = await cli.run(['origins', 'list', '--filter', 'fqdn~backup', '--filter', 'primary=false']);
    expect(
      contains.stdout
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((l) => l.split(/\s+/)[1]),
    ).toEqual(['ds1-secondary']);
    const byHeader = await cli.json<DeliveryService[]>(['ds', 'list', '--filter', 'xml-id=ds2']);
    expect(byHeader.map((d: { xmlId: string }) => d.xmlId)).toEqual(['ds2']);
    const users = await cli.json<User[]>(['users', 'list', '--sort', '-username', '--limit', '1']);
    expect(users.map((u: { username: string }) => u.username)).toEqual(['tenanta_user']);
  });

  it('an unknown field or a malformed filter is a usage error that lists the fields (exit 2)', async () => {
    const unknown = await cli.run(['origins', 'list', '--sort', 'colour']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^error: unknown field "colour"; fields: .*deliveryService/);
    expect((await cli.run(['origins', 'list', '--filter', 'name'])).code).toBe(2);
    expect((await cli.run(['origins', 'list', '--limit', '0'])).code).toBe(2);
  });

  it('-o csv prints every column with a header row, quoted where needed', async () => {
    const csv = await cli.run(['origins', 'list', '--filter', 'name=ds1', '-o', 'csv']);
    expect(csv.code).toBe(0);
    const [header, row, ...rest] = csv.stdout.trimEnd().split('\n');
    expect(header).toBe(
      'ID,NAME,DS,PROTOCOL,FQDN,PORT,PRIMARY,TENANT,CACHEGROUP,PROFILE,COORDINATE,IPV4,IPV6,LAST UPDATED',
    );
    expect(row).toMatch(/^\d+,ds1,ds1,http,ds1-origin\.example\.test,/);
    expect(rest).toEqual([]);
    const jobs = await cli.run(['jobs', 'list', '-o', 'csv']);
    expect(jobs.stdout.split('\n')[0]).toBe('ID,DS,ASSET URL,PARAMETERS,START,STATUS,USER,KEYWORD');
    const empty = await cli.run(['origins', 'list', '--filter', 'name=none', '-o', 'csv']);
    expect(empty.stdout).toBe(
      'ID,NAME,DS,PROTOCOL,FQDN,PORT,PRIMARY,TENANT,CACHEGROUP,PROFILE,COORDINATE,IPV4,IPV6,LAST UPDATED\n',
    );
  });
});

describe('jobs list --ds', () => {
  it('lists every job of one delivery service the caller may see (GET jobs), by xmlId or id', async () => {
    const ds1 = await cli.json<InvalidationJob[]>(['jobs', 'list', '--ds', 'ds1']);
    expect(ds1.length).toBeGreaterThan(0);
    expect(ds1.every((j) => j.deliveryService === 'ds1')).toBe(true);
    const [ds] = await cli.json<DeliveryService[]>(['ds', 'list', '--xml-id', 'ds1']);
    expect(await cli.json(['jobs', 'list', '--ds', String(ds.id)])).toEqual(ds1);
    expect(await cli.json(['jobs', 'list', '--ds', 'ds3'])).toEqual([]);
  });
});

describe('jobs list --all and --user (GET jobs)', () => {
  it("lists everyone's jobs the caller may see, narrowed by delivery service or creator, and tenancy still holds", async () => {
    // tenanta_user (tenant-a) purges its own delivery service ds2, from a config dir of its own.
    const other = new Cli({ configDir: mkdtempSync(join(tmpdir(), 'cdnctl-cli-tenanta-')), dataDir: daemon.dataDir });
    await other.login('tenanta_user', PASSWORDS.tenanta_user);
    const theirs = await other.run(['purge', '--ds', 'ds2', '--regex', '/all-jobs/.*', '--ttl', '3']);
    expect(theirs.code, theirs.stderr).toBe(0);

    type Listed = { deliveryService: string; createdBy: string; assetUrl: string };
    const everyone = await cli.json<Listed[]>(['jobs', 'list', '--all']);
    expect(new Set(everyone.map((j) => j.createdBy))).toEqual(new Set(['admin', 'tenanta_user']));
    expect(everyone.some((j) => j.deliveryService === 'ds2' && j.assetUrl.endsWith('/all-jobs/.*'))).toBe(true);
    const mine = await cli.json<unknown[]>(['jobs', 'list']);
    expect(mine.length).toBeLessThan(everyone.length);

    const byUser = await cli.json<Listed[]>(['jobs', 'list', '--user', 'tenanta_user']);
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((j) => j.createdBy === 'tenanta_user')).toBe(true);
    const byDs = await cli.json<Listed[]>(['jobs', 'list', '--all', '--ds', 'ds1']);
    expect(byDs.length).toBeGreaterThan(0);
    expect(byDs.every((j) => j.deliveryService === 'ds1')).toBe(true);

    // tenant-a cannot see the root tenant's ds1 jobs, even when it asks for everyone's.
    const fromTenantA = await other.json<Listed[]>(['jobs', 'list', '--all']);
    expect(fromTenantA.length).toBeGreaterThan(0);
    expect(fromTenantA.some((j) => j.deliveryService === 'ds1')).toBe(false);
    const table = await cli.run(['jobs', 'list', '--all']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+DS\s+ASSET URL\s+PARAMETERS\s+START\s+STATUS$/);
  });
});
