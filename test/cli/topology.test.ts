import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cdn } from '../../shared/client/cdns.js';
import type { Cachegroup } from '../../shared/client/servers.js';
import { Cli } from '../helpers/cli.js';
import { PASSWORDS, type CliDaemon } from '../helpers/cli-daemon.js';
import { startCachesDaemon } from '../daemon/caches/cli-daemon.js';

/** `cdnctl cdns …` and `cdnctl cachegroups …` (issue 30), spawned against a real daemon with cdn1's caches. */
let daemon: CliDaemon;
let cli: Cli;

beforeAll(async () => {
  daemon = await startCachesDaemon(PASSWORDS.admin);
  cli = new Cli(daemon);
  await cli.login('admin', PASSWORDS.admin);
});
afterAll(() => daemon?.stop());

describe('cdnctl cdns', () => {
  it('create, get, update, list --filter, and delete (--dry-run, then --yes)', async () => {
    const created = await cli.run(['cdns', 'create', '--name', 'cdn-cli', '--domain', 'CLI.example.test']);
    expect([created.code, created.stdout.trim()]).toEqual([
      0,
      expect.stringMatching(/^Created CDN cdn-cli \(id \d+\) for cli\.example\.test$/),
    ]);
    const got = await cli.json<Cdn[]>(['cdns', 'get', 'cdn-cli']);
    expect(got[0]).toMatchObject({ name: 'cdn-cli', domainName: 'cli.example.test', dnssecEnabled: false });
    expect((await cli.run(['cdns', 'update', 'cdn-cli', '--dnssec'])).code).toBe(0);
    const listed = await cli.json<Cdn[]>(['cdns', 'list', '--filter', 'dnssecEnabled=true']);
    expect(listed.map((c) => c.name)).toEqual(['cdn-cli']);
    const dry = await cli.run(['cdns', 'delete', 'cdn-cli', '--dry-run']);
    expect([dry.code, dry.stdout.trim()]).toEqual([0, `Would delete CDN cdn-cli (id ${got[0].id})`]);
    const unconfirmed = await cli.run(['cdns', 'delete', 'cdn-cli']);
    expect(unconfirmed.code).toBe(2);
    expect(await cli.json<Cdn[]>(['cdns', 'list', '--name', 'cdn-cli'])).toHaveLength(1);
    const deleted = await cli.run(['cdns', 'delete', 'cdn-cli', '--yes']);
    expect([deleted.code, deleted.stdout.trim()]).toEqual([0, `Deleted CDN cdn-cli (id ${got[0].id})`]);
  });

  it('shows the API refusal of a CDN in use, exit 1', async () => {
    const res = await cli.run(['cdns', 'delete', 'cdn1', '--yes']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('cannot delete cdn because it is being used by a server');
  });
});

describe('cdnctl cachegroups', () => {
  it('create, update (a parent), get, and delete a group', async () => {
    const created = await cli.run([
      'cachegroups',
      'create',
      '--name',
      'mid-cli',
      '--short-name',
      'midcli',
      '--type',
      'MID_LOC',
      '--latitude',
      '10',
      '--longitude',
      '20',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const edge = await cli.run([
      'cachegroups',
      'create',
      '--name',
      'edge-cli',
      '--short-name',
      'edgecli',
      '--type',
      'EDGE_LOC',
      '--parent',
      'mid-cli',
      '--localization',
      'GEO',
      '--fallback',
      'edge-cg1',
    ]);
    expect(edge.code, edge.stderr).toBe(0);
    const got = (await cli.json<Cachegroup[]>(['cachegroups', 'get', 'edge-cli']))[0];
    expect(got).toMatchObject({
      parentCachegroupName: 'mid-cli',
      localizationMethods: ['GEO'],
      fallbacks: ['edge-cg1'],
    });
    expect((await cli.run(['cachegroups', 'update', 'edge-cli', '--secondary-parent', 'mid-cg'])).code).toBe(0);
    const updated = (await cli.json<Cachegroup[]>(['cachegroups', 'get', 'edge-cli']))[0];
    expect(updated).toMatchObject({
      secondaryParentCachegroupName: 'mid-cg',
      fallbacks: ['edge-cg1'],
      localizationMethods: ['GEO'],
    });
    const loop = await cli.run(['cachegroups', 'update', 'mid-cli', '--parent', 'edge-cli']);
    expect(loop.code).toBe(1);
    expect(loop.stderr).toContain('the cache group mid-cli cannot be its own ancestor: mid-cli -> edge-cli -> mid-cli');
    const inUse = await cli.run(['cachegroups', 'delete', 'mid-cli', '--yes']);
    expect([inUse.code, inUse.stderr]).toEqual([
      1,
      expect.stringContaining('cachegroup is in use as a parent cachegroup'),
    ]);
    expect((await cli.run(['cachegroups', 'delete', 'edge-cli', '--yes'])).code).toBe(0);
    expect((await cli.run(['cachegroups', 'delete', 'mid-cli', '--yes'])).code).toBe(0);
    expect(await cli.json<Cachegroup[]>(['cachegroups', 'list', '--name', 'mid-cli'])).toEqual([]);
  });

  it('create takes a type by name that no cache group uses yet (a new CDN starts with none)', async () => {
    const created = await cli.run([
      'cachegroups',
      'create',
      '--name',
      'org-cli',
      '--short-name',
      'orgcli',
      '--type',
      'TR_LOC',
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect((await cli.json<Cachegroup[]>(['cachegroups', 'get', 'org-cli']))[0]).toMatchObject({ typeName: 'TR_LOC' });
    const wrong = await cli.run(['cachegroups', 'create', '--name', 'x-cli', '--short-name', 'xcli', '--type', 'EDGE']);
    expect([wrong.code, wrong.stderr]).toEqual([1, expect.stringContaining('no cache group type is named "EDGE"')]);
    expect((await cli.run(['cachegroups', 'delete', 'org-cli', '--yes'])).code).toBe(0);
  });

  it('tree draws the MID/EDGE hierarchy with server counts', async () => {
    const res = await cli.run(['cachegroups', 'tree']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(
      ['mid-cg [MID_LOC] 2 servers', '├── edge-cg1 [EDGE_LOC] 2 servers', '└── edge-cg2 [EDGE_LOC] 3 servers'].join(
        '\n',
      ),
    );
    const json = await cli.json<Array<{ name: string; children: Array<{ name: string; servers: number }> }>>([
      'cachegroups',
      'tree',
    ]);
    const mid = json.find((n) => n.name === 'mid-cg')!;
    expect(mid.children.map((c) => [c.name, c.servers])).toEqual([
      ['edge-cg1', 2],
      ['edge-cg2', 3],
    ]);
  });
});
