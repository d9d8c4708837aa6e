import { describe, expect, it } from 'vitest';
import type { PhysLocation, Region, Status, TypeInfo } from '../../shared/client/places.js';
import { Cli } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';

/** `cdnctl locations divisions|regions|phys-locations`, `cdnctl types`, `cdnctl statuses` against a real daemon (issue 30). */
const { daemon, cli } = useCliDaemon({ login: 'admin' });

describe('cdnctl locations', () => {
  it('builds a division, a region in it and a physical location in that, resolving names; lists them', async () => {
    const division = await cli.run(['locations', 'divisions', 'create', '--name', 'west']);
    expect(division.code, division.stderr).toBe(0);
    expect(division.stdout).toMatch(/^Created division west \(id \d+\)$/m);
    const region = await cli.json<Region>([
      'locations',
      'regions',
      'create',
      '--name',
      'mountain',
      '--division',
      'west',
    ]);
    expect(region).toMatchObject({ name: 'mountain', divisionName: 'west' });
    const location = await cli.json<PhysLocation>([
      'locations',
      'phys-locations',
      'create',
      '--name',
      'denver-1',
      '--short-name',
      'den1',
      '--region',
      'mountain',
      '--address',
      '1 Main St',
      '--city',
      'Denver',
      '--state',
      'CO',
      '--zip',
      '80202',
      '--poc',
      'Pat',
    ]);
    expect(location).toMatchObject({
      name: 'denver-1',
      shortName: 'den1',
      region: 'mountain',
      poc: 'Pat',
      phone: null,
    });

    const table = await cli.run(['locations', 'phys-locations', 'list']);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0].split(/\s{2,}/)).toEqual(['ID', 'NAME', 'SHORT NAME', 'REGION', 'CITY', 'STATE']);
    expect(lines[1]).toMatch(/denver-1\s+den1\s+mountain\s+Denver\s+CO/);
    const filtered = await cli.json<Region[]>(['locations', 'regions', 'list', '--filter', 'divisionName=west']);
    expect(filtered.map((r) => r.name)).toEqual(['mountain']);
    const [got] = await cli.json<PhysLocation[]>(['locations', 'phys-locations', 'get', 'denver-1']);
    expect(got.id).toBe(location.id);
  });

  it('update changes only the given fields; nothing to update is a usage error (exit 2)', async () => {
    const updated = await cli.json<PhysLocation>([
      'locations',
      'phys-locations',
      'update',
      'denver-1',
      '--city',
      'Aurora',
    ]);
    expect(updated).toMatchObject({ city: 'Aurora', shortName: 'den1', poc: 'Pat', address: '1 Main St' });
    const none = await cli.run(['locations', 'phys-locations', 'update', 'denver-1']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('error: nothing to update: give at least one field flag');
  });

  it('create names every missing required flag at once (exit 2)', async () => {
    const missing = await cli.run(['locations', 'phys-locations', 'create', '--name', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      'missing required flags: --short-name, --region, --address, --city, --state, --zip',
    );
  });

  it('delete: --dry-run changes nothing, the API refuses a division in use (exit 1), --yes deletes', async () => {
    const dry = await cli.run(['locations', 'divisions', 'delete', 'west', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^Would delete division west \(id \d+\)$/m);
    const used = await cli.run(['locations', 'divisions', 'delete', 'west', '--yes']);
    expect(used.code).toBe(1);
    expect(used.stderr).toBe('error: cannot delete division because it is being used by a region\n');
    const noYes = await cli.run(['locations', 'phys-locations', 'delete', 'denver-1']);
    expect(noYes.code).not.toBe(0);
    for (const args of [
      ['phys-locations', 'delete', 'denver-1', '--yes'],
      ['regions', 'delete', 'mountain', '--yes'],
      ['divisions', 'delete', 'west', '--yes'],
    ]) {
      const deleted = await cli.run(['locations', ...args]);
      expect(deleted.code, deleted.stderr).toBe(0);
      expect(deleted.stdout).toMatch(/^Deleted /m);
    }
    expect(await cli.json(['locations', 'divisions', 'list', '--name', 'west'])).toEqual([]);
  });
});

describe('cdnctl types and statuses', () => {
  it('types: list with --filter, create, update, get and delete', async () => {
    const servers = await cli.json<TypeInfo[]>(['types', 'list', '--filter', 'useInTable=server']);
    expect(servers.map((t) => t.name)).toEqual(expect.arrayContaining(['EDGE', 'MID']));
    const created = await cli.json<TypeInfo>([
      'types',
      'create',
      '--name',
      'EDGE_LARGE',
      '--description',
      'large edges',
      '--use-in-table',
      'server',
    ]);
    expect(created).toMatchObject({ name: 'EDGE_LARGE', useInTable: 'server' });
    const changed = await cli.json<TypeInfo>(['types', 'update', String(created.id), '--description', 'big edges']);
    expect(changed).toMatchObject({ name: 'EDGE_LARGE', description: 'big edges', useInTable: 'server' });
    expect((await cli.run(['types', 'delete', 'EDGE_LARGE', '--yes'])).code).toBe(0);
  });

  it('statuses: the seeded ones, create, rename, delete; a taken name is refused by the API (exit 1)', async () => {
    const table = await cli.run(['statuses', 'list']);
    expect(table.stdout).toMatch(/REPORTED/);
    const created = await cli.json<Status>(['statuses', 'create', '--name', 'MAINTENANCE']);
    expect(created.description).toBeNull();
    const renamed = await cli.run(['statuses', 'update', 'MAINTENANCE', '--name', 'MAINT', '--description', 'down']);
    expect(renamed.stdout).toMatch(/^Updated status MAINT \(id \d+\): name, description$/m);
    expect((await cli.run(['statuses', 'delete', 'MAINT', '--yes'])).code).toBe(0);
    const taken = await cli.run(['statuses', 'create', '--name', 'REPORTED']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe("error: status name 'REPORTED' already exists.\n");
  });

  it('types and statuses: get -o yaml, delete --dry-run changes nothing, delete without --yes is refused', async () => {
    await cli.json([
      'types',
      'create',
      '--name',
      'MID_LARGE',
      '--description',
      'large mids',
      '--use-in-table',
      'server',
    ]);
    const yaml = await cli.run(['types', 'get', 'MID_LARGE', '-o', 'yaml']);
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toMatch(/^[ -]*name: MID_LARGE$/m);
    expect(yaml.stdout).toMatch(/^[ -]*useInTable: server$/m);
    await cli.json(['statuses', 'create', '--name', 'SPARE']);
    for (const noun of ['types', 'statuses']) {
      const name = noun === 'types' ? 'MID_LARGE' : 'SPARE';
      const dry = await cli.run([noun, 'delete', name, '--dry-run']);
      expect(dry.code).toBe(0);
      expect(dry.stdout).toMatch(new RegExp(`^Would delete \\w+ ${name} \\(id \\d+\\)$`, 'm'));
      const unconfirmed = await cli.run([noun, 'delete', name]);
      expect(unconfirmed.code).toBe(2);
      expect((await cli.json<Array<{ name: string }>>([noun, 'list', '--filter', `name=${name}`])).length).toBe(1);
      expect((await cli.run([noun, 'delete', name, '--yes'])).code).toBe(0);
      expect(await cli.json([noun, 'list', '--filter', `name=${name}`])).toEqual([]);
    }
  }, 120_000);

  it('a read-only user may list but not create (exit 5)', async () => {
    const ro = new Cli({ configDir: `${daemon.root}/ro-config`, dataDir: daemon.dataDir });
    await ro.login('ro_user', PASSWORDS.ro_user);
    expect((await ro.run(['statuses', 'list'])).code).toBe(0);
    const denied = await ro.run(['statuses', 'create', '--name', 'NOPE']);
    expect(denied.code).toBe(5);
    expect(denied.stderr).toBe('error: Forbidden.\nhint: your role or tenant does not allow this\n');
  });
});
