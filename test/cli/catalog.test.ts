import { beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryService } from '../../shared/client/deliveryservices.js';
import type { Profile } from '../../shared/client/profiles.js';
import type { Tenant } from '../../shared/client/tenants.js';
import { api, Cli, storedCookie } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';

const { daemon, cli } = useCliDaemon({ login: 'admin' });
let cookie: string;

beforeAll(async () => {
  cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
});

describe('read-only lists print the API response as it is', () => {
  it.each([
    [['profiles', 'list'], '/api/1.1/profiles'],
    [['profiles', 'trimmed'], '/api/1.1/profiles/trimmed'],
    [['profiles', 'parameters', 'GLOBAL'], '/api/1.1/profiles/name/GLOBAL/parameters'],
    [['ds', 'list'], '/api/1.1/deliveryservices'],
    [['tenants', 'list'], '/api/1.1/tenants'],
    [['roles', 'list'], '/api/1.1/roles'],
    [['cdns', 'list'], '/api/1.1/cdns'],
  ])('cdnctl %j -o json equals GET %s', async (args, path) => {
    const printed = await cli.json<unknown[]>(args);
    expect(printed).toEqual((await api(daemon.url, path, cookie)).body.response);
    expect(printed.length).toBeGreaterThan(0);
  });
});

describe('cdnctl profiles, ds, tenants, roles, cdns', () => {
  it('profiles get takes a name or an id; filters narrow the lists', async () => {
    const [byName] = await cli.json<Profile[]>(['profiles', 'get', 'ORG_PROFILE1']);
    expect(byName).toMatchObject({
      name: 'ORG_PROFILE1',
      description: 'origin profile one',
      id: expect.stringMatching(/^\d+$/),
    });
    expect(await cli.json(['profiles', 'get', byName.id])).toEqual([byName]);
    expect(
      (await cli.json<Profile[]>(['profiles', 'list', '--name', 'GLOBAL'])).map((p: { name: string }) => p.name),
    ).toEqual(['GLOBAL']);
    const missing = await cli.run(['profiles', 'get', '9999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error: profile "9999" not found');
  });

  it('profiles parameters shows the purge ceiling, and names an unknown profile in its error', async () => {
    const table = await cli.run(['profiles', 'parameters', 'GLOBAL']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/maxRevalDurationDays\s+regex_revalidate\.config\s+90/);
    const missing = await cli.run(['profiles', 'parameters', 'NOPE']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error: profile "NOPE" not found');
  });

  it('ds list filters by xmlId, CDN and tenant name, and shows a table', async () => {
    expect(
      (await cli.json<DeliveryService[]>(['ds', 'list', '--tenant', 'tenant-a'])).map(
        (d: { xmlId: string }) => d.xmlId,
      ),
    ).toEqual(['ds2']);
    expect(
      (await cli.json<DeliveryService[]>(['ds', 'list', '--xml-id', 'ds3'])).map((d: { xmlId: string }) => d.xmlId),
    ).toEqual(['ds3']);
    expect(await cli.json(['ds', 'list', '--cdn', 'cdn1'])).toHaveLength(3);
    const table = await cli.run(['ds', 'list']);
    expect(table.stdout.split('\n')[0].split(/\s{2,}/)).toEqual([
      'ID',
      'XML ID',
      'DISPLAY NAME',
      'CDN',
      'ORIGIN',
      'ACTIVE',
    ]);
    expect(table.stdout).toMatch(/ds2\s+DS Two\s+cdn1\s+https:\/\/ds2-origin\.example\.test:8443\s+true/);
  });

  it('tenants, roles and cdns show tables; a tenant user sees only its tenant', async () => {
    expect((await cli.run(['tenants', 'list'])).stdout).toMatch(/tenant-a\s+root\s+true/);
    expect((await cli.run(['roles', 'list'])).stdout).toMatch(/read-only\s+10/);
    expect((await cli.run(['cdns', 'list'])).stdout).toMatch(/cdn1\s+cdn1\.example\.test\s+false/);
    const ta = new Cli({ configDir: `${daemon.root}/ta`, dataDir: daemon.dataDir });
    await ta.login('tenanta_user', PASSWORDS.tenanta_user);
    expect((await ta.json<Tenant[]>(['tenants', 'list'])).map((t: { name: string }) => t.name)).toEqual(['tenant-a']);
    expect((await ta.json<DeliveryService[]>(['ds', 'list'])).map((d: { xmlId: string }) => d.xmlId)).toEqual(['ds2']);
  });

  it('an empty result says so on stderr and prints nothing on stdout', async () => {
    const empty = await cli.run(['ds', 'list', '--xml-id', 'nothing-here']);
    expect(empty).toMatchObject({ code: 0, stdout: '', stderr: 'No delivery services found.\n' });
    expect(await cli.json(['jobs', 'list'])).toEqual([]);
  });
});
