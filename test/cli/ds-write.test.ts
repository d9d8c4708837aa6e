import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, storedCookie } from '../helpers/cli.js';
import { useCliDaemon } from '../helpers/cli-daemon.js';

/** `cdnctl ds create|update|delete` against a real daemon (issue 31). */

const { daemon, cli } = useCliDaemon({ login: 'admin' });
const files = mkdtempSync(join(tmpdir(), 'cdnctl-ds-files-'));
afterAll(() => rmSync(files, { recursive: true, force: true }));

interface Ds {
  id: number;
  xmlId: string;
  displayName: string;
  orgServerFqdn: string | null;
  tenantId: number;
  protocol: number;
  missLat: number | null;
}

async function stored(xmlId: string): Promise<Ds | undefined> {
  const cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
  const { body } = await api(daemon.url, `/api/1.5/deliveryservices?xmlId=${xmlId}`, cookie);
  return (body.response as Ds[])[0];
}

describe('cdnctl ds create', () => {
  it('--dry-run shows the request and creates nothing', async () => {
    const res = await cli.run([
      'ds',
      'create',
      '--xml-id',
      'cli-dry',
      '--cdn',
      'cdn1',
      '--type',
      'HTTP',
      '--tenant',
      'root',
      '--dry-run',
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('Would create delivery service cli-dry with:');
    expect(res.stdout).toMatch(/^ {2}typeId: null$/m);
    expect(await stored('cli-dry')).toBeUndefined();
  });

  it('creates from flags, names resolved, and the daemon makes its primary origin', async () => {
    const res = await cli.run([
      'ds',
      'create',
      '--xml-id',
      'cli-web',
      '--display-name',
      'CLI web',
      '--cdn',
      'cdn1',
      '--type',
      'HTTP',
      '--tenant',
      'tenant-a',
      '--origin',
      'https://origin.cli-web.example.test',
      '--protocol',
      'both',
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^Created delivery service cli-web \(id \d+\)$/m);
    expect(await stored('cli-web')).toMatchObject({
      displayName: 'CLI web',
      protocol: 2,
      orgServerFqdn: 'https://origin.cli-web.example.test',
    });
  });

  it('creates from a YAML file with names, and from JSON with --set overriding', async () => {
    const yaml = join(files, 'cli-yaml.yaml');
    writeFileSync(
      yaml,
      'xmlId: cli-yaml\ndisplayName: From YAML\ncdnName: cdn1\ntype: HTTP\ntenant: root\norgServerFqdn: http://o.cli-yaml.example.test\nmissLat: 12.5\n',
    );
    expect((await cli.run(['ds', 'create', '-f', yaml])).code).toBe(0);
    expect(await stored('cli-yaml')).toMatchObject({ displayName: 'From YAML', missLat: 12.5 });
    const json = join(files, 'cli-json.json');
    writeFileSync(
      json,
      JSON.stringify({ xmlId: 'cli-json', displayName: 'JSON', cdnName: 'cdn1', type: 'ANY_MAP', tenant: 'root' }),
    );
    const created = await cli.json<Ds[]>(['ds', 'create', '--from-file', json, '--set', 'displayName="Set wins"']);
    expect(created[0]).toMatchObject({ xmlId: 'cli-json', displayName: 'Set wins', orgServerFqdn: null });
  });

  it('shows the API refusal with its text (exit 1)', async () => {
    const res = await cli.run([
      'ds',
      'create',
      '--xml-id',
      'bad.name',
      '--cdn',
      'cdn1',
      '--type',
      'HTTP',
      '--tenant',
      'root',
      '--origin',
      'http://o.example.test',
    ]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("invalid request: 'displayName' cannot be blank, 'xmlId' cannot contain periods");
  });
});

describe('cdnctl ds update', () => {
  it('previews with --dry-run, then changes only the given fields', async () => {
    const dry = await cli.run(['ds', 'update', 'cli-web', '--display-name', 'Renamed', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Would update delivery service cli-web');
    expect(dry.stdout).toMatch(/^ {2}displayName: "Renamed"$/m);
    expect((await stored('cli-web'))?.displayName).toBe('CLI web');
    const res = await cli.run(['ds', 'update', 'cli-web', '--display-name', 'Renamed', '--set', 'missLat=40.25']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/Updated delivery service cli-web \(id \d+\): displayName, missLat/);
    expect(await stored('cli-web')).toMatchObject({ displayName: 'Renamed', missLat: 40.25, protocol: 2 });
  });

  it('refuses an update that changes nothing (exit 2)', async () => {
    const res = await cli.run(['ds', 'update', 'cli-web']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('nothing to update');
  });
});

describe('cdnctl ds delete', () => {
  it('previews with --dry-run, needs --yes off a terminal, then deletes', async () => {
    const dry = await cli.run(['ds', 'delete', 'cli-yaml', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Would delete delivery service cli-yaml');
    const refused = await cli.run(['ds', 'delete', 'cli-yaml']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('--yes');
    expect(await stored('cli-yaml')).toBeDefined();
    const res = await cli.run(['ds', 'delete', 'cli-yaml', '--yes']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^Deleted delivery service cli-yaml \(id \d+\)$/m);
    expect(await stored('cli-yaml')).toBeUndefined();
  });
});
