import { beforeAll, describe, expect, it } from 'vitest';
import type { Origin } from '../../shared/client/origins.js';
import { api, Cli, storedCookie } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';

const { daemon, cli } = useCliDaemon({ login: 'admin' });
let cookie: string;

beforeAll(async () => {
  cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
});

describe('cdnctl origins', () => {
  it('list -o json prints the response of GET /api/1.3/origins as it is', async () => {
    const printed = await cli.json<Origin[]>(['origins', 'list']);
    const { body } = await api(daemon.url, '/api/1.3/origins', cookie);
    expect(printed).toEqual(body.response);
    expect(printed.map((o: { name: string }) => o.name).sort()).toEqual(['ds1', 'ds1-secondary', 'ds2', 'ds3']);
  });

  it('list resolves filter names to ids: --ds xmlId, --primary, --no-primary, --profile, --tenant, --cachegroup', async () => {
    expect((await cli.json<Origin[]>(['origins', 'list', '--ds', 'ds1'])).map((o: { name: string }) => o.name)).toEqual(
      ['ds1', 'ds1-secondary'],
    );
    expect(
      (await cli.json<Origin[]>(['origins', 'list', '--ds', 'ds1', '--primary'])).map((o: { name: string }) => o.name),
    ).toEqual(['ds1']);
    expect(
      (await cli.json<Origin[]>(['origins', 'list', '--ds', 'ds1', '--no-primary'])).map(
        (o: { name: string }) => o.name,
      ),
    ).toEqual(['ds1-secondary']);
    expect(
      (await cli.json<Origin[]>(['origins', 'list', '--profile', 'ORG_PROFILE1', '--cachegroup', 'org-cg1'])).map(
        (o: { name: string }) => o.name,
      ),
    ).toEqual(['ds1-secondary']);
    expect(
      (await cli.json<Origin[]>(['origins', 'list', '--tenant', 'tenant-a'])).map((o: { name: string }) => o.name),
    ).toEqual(['ds2']);
  });

  it('list shows a table of the main columns, and -o wide the rest', async () => {
    const table = await cli.run(['origins', 'list', '--ds', 'ds1']);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0].split(/\s{2,}/)).toEqual(['ID', 'NAME', 'DS', 'PROTOCOL', 'FQDN', 'PORT', 'PRIMARY', 'TENANT']);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/ds1-secondary\s+ds1\s+https\s+backup\.ds1\.example\.test\s+8443\s+false\s+root/);
    const wide = await cli.run(['origins', 'list', '--ds', 'ds1', '-o', 'wide']);
    expect(wide.stdout.split('\n')[0]).toContain('CACHEGROUP  PROFILE       COORDINATE  IPV4  IPV6  LAST UPDATED');
    expect(wide.stdout).toMatch(/org-cg1\s+ORG_PROFILE1\s+coord1/);
  });

  it('get shows one origin by name or id', async () => {
    const [byName] = await cli.json<Origin[]>(['origins', 'get', 'ds1-secondary']);
    expect(byName).toMatchObject({ name: 'ds1-secondary', deliveryService: 'ds1', port: 8443, isPrimary: false });
    const record = await cli.run(['origins', 'get', String(byName.id)]);
    expect(record.stdout).toMatch(/^fqdn:\s+backup\.ds1\.example\.test$/m);
    const missing = await cli.run(['origins', 'get', 'no-such-origin']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error: origin "no-such-origin" not found');
  });

  it('create takes every field as a flag, with names resolved to ids, and prints the stored record', async () => {
    const created = await cli.run([
      'origins',
      'create',
      '--name',
      'ds3-backup',
      '--fqdn',
      'backup.ds3.example.test',
      '--protocol',
      'https',
      '--ds',
      'ds3',
      '--port',
      '443',
      '--ip',
      '192.0.2.10',
      '--ip6',
      '2001:db8::10',
      '--cachegroup',
      'org-cg1',
      '--profile',
      'ORG_PROFILE1',
      '--coordinate',
      'coord1',
      '--tenant',
      'root',
      '-o',
      'json',
    ]);
    expect(created.code).toBe(0);
    expect(created.stderr).toContain('origin was created.');
    const origin = JSON.parse(created.stdout);
    expect(origin).toMatchObject({
      name: 'ds3-backup',
      fqdn: 'backup.ds3.example.test',
      protocol: 'https',
      deliveryService: 'ds3',
      port: 443,
      ipAddress: '192.0.2.10',
      ip6Address: '2001:db8::10',
      cachegroup: 'org-cg1',
      profile: 'ORG_PROFILE1',
      coordinate: 'coord1',
      tenant: 'root',
      isPrimary: false,
    });
    const { body } = await api(daemon.url, `/api/1.3/origins?id=${origin.id}`, cookie);
    expect(body.response).toEqual([origin]);
  });

  it('create without a required flag is a usage error (exit 2); a duplicate name is the API error (exit 1)', async () => {
    const missing = await cli.run([
      'origins',
      'create',
      '--name',
      'x',
      '--fqdn',
      'x.example.test',
      '--protocol',
      'http',
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('error: missing required flag: --ds\n');
    const badPort = await cli.run([
      'origins',
      'create',
      '--name',
      'x',
      '--fqdn',
      'x.example.test',
      '--protocol',
      'http',
      '--ds',
      'ds1',
      '--port',
      '70000',
    ]);
    expect(badPort.code).toBe(2);
    const duplicate = await cli.run([
      'origins',
      'create',
      '--name',
      'ds1-secondary',
      '--fqdn',
      'x.example.test',
      '--protocol',
      'http',
      '--ds',
      'ds1',
    ]);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toBe("error: origin name 'ds1-secondary' already exists.\n");
    const unknownDs = await cli.run([
      'origins',
      'create',
      '--name',
      'y',
      '--fqdn',
      'y.example.test',
      '--protocol',
      'http',
      '--ds',
      'nope',
    ]);
    expect(unknownDs.code).toBe(1);
    expect(unknownDs.stderr).toContain('error: delivery service "nope" not found');
  });

  it('update changes the given fields and keeps the rest', async () => {
    await cli.run([
      'origins',
      'create',
      '--name',
      'ds3-edit',
      '--fqdn',
      'edit.ds3.example.test',
      '--protocol',
      'http',
      '--ds',
      'ds3',
      '--port',
      '8080',
      '--profile',
      'ORG_PROFILE1',
    ]);
    const updated = await cli.run([
      'origins',
      'update',
      'ds3-edit',
      '--protocol',
      'https',
      '--port',
      '8443',
      '-o',
      'json',
    ]);
    expect(updated.code).toBe(0);
    expect(updated.stderr).toContain('origin was updated.');
    expect(JSON.parse(updated.stdout)).toMatchObject({
      name: 'ds3-edit',
      protocol: 'https',
      port: 8443,
      fqdn: 'edit.ds3.example.test',
      profile: 'ORG_PROFILE1',
    });
    const nothing = await cli.run(['origins', 'update', 'ds3-edit']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to update');
  });

  it('delete removes an origin by name; a primary origin is refused with the API alert (exit 1)', async () => {
    await cli.run([
      'origins',
      'create',
      '--name',
      'ds3-gone',
      '--fqdn',
      'gone.ds3.example.test',
      '--protocol',
      'http',
      '--ds',
      'ds3',
    ]);
    const deleted = await cli.run(['origins', 'delete', 'ds3-gone', '--yes', '-o', 'json']);
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toContain('origin was deleted.');
    expect(await cli.json<Origin[]>(['origins', 'list', '--name', 'ds3-gone'])).toEqual([]);
    const primary = await cli.run(['origins', 'delete', 'ds1', '--yes']);
    expect(primary.code).toBe(1);
    expect(primary.stderr).toBe('error: cannot delete a primary origin\n');
  });

  it('says clearly that origins need API 1.3 when --api-version 1.2 is given (exit 2), wherever the flag is', async () => {
    for (const args of [
      ['origins', 'list', '--api-version', '1.2'],
      ['--api-version', '1.2', 'origins', 'list'],
    ]) {
      const result = await cli.run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        'error: "cdnctl origins list" needs API version 1.3 or newer, but --api-version asks for 1.2',
      );
    }
  });

  it('a read-only user may list origins but not create one (exit 5)', async () => {
    const ro = new Cli({ configDir: `${daemon.root}/ro-config`, dataDir: daemon.dataDir });
    await ro.login('ro_user', PASSWORDS.ro_user);
    expect((await ro.run(['origins', 'list'])).code).toBe(0);
    const denied = await ro.run([
      'origins',
      'create',
      '--name',
      'ro-origin',
      '--fqdn',
      'ro.example.test',
      '--protocol',
      'http',
      '--ds',
      'ds1',
    ]);
    expect(denied.code).toBe(5);
    expect(denied.stderr).toBe('error: Forbidden.\nhint: your role or tenant does not allow this\n');
  });
});
