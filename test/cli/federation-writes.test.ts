import { beforeAll, describe, expect, it } from 'vitest';
import type { FederationRecord } from '../../shared/contract/catalog.js';
import type { FederationResolverRecord } from '../../shared/contract/federations.js';
import { api, Cli, storedCookie } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';
import { runInTerminal } from '../helpers/terminal.js';

const { daemon, cli } = useCliDaemon({ login: 'admin' });
let cookie: string;

beforeAll(async () => {
  cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
});

const catalog = async () =>
  (await api<{ response: FederationRecord[] }>(daemon.url, '/api/1.3/federations/catalog', cookie)).body.response;
const federation = async (cname: string) => (await catalog()).find((f) => f.cname === cname);
const resolvers = async () =>
  (await api<{ response: FederationResolverRecord[] }>(daemon.url, '/api/1.3/federation_resolvers', cookie)).body
    .response;

describe('cdnctl federations create, get, update, delete', () => {
  it('create --dry-run sends nothing; create makes a federation of the CDN', async () => {
    const args = ['federations', 'create', '--cdn', 'cdn1', '--cname', 'acme.fed.example.test.', '--ttl', '300'];
    const dry = await cli.json([...args, '--description', 'acme', '--dry-run']);
    expect(dry).toEqual({
      dryRun: true,
      method: 'POST',
      path: '/cdns/cdn1/federations',
      body: { cname: 'acme.fed.example.test.', ttl: 300, description: 'acme' },
    });
    expect(await federation('acme.fed.example.test.')).toBeUndefined();
    const created = await cli.run([...args, '--description', 'acme']);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Created federation acme\.fed\.example\.test\. \(id \d+\) in cdn1$/m);
    expect(await federation('acme.fed.example.test.')).toMatchObject({
      ttl: 300,
      cdnName: 'cdn1',
      description: 'acme',
    });
    const [shown] = await cli.json<FederationRecord[]>(['federations', 'get', 'acme.fed.example.test.']);
    expect(shown).toEqual(await federation('acme.fed.example.test.'));
  });

  it('refusals before sending: a TTL of 0 (2, the API text; the missing period is added), an unknown CDN (1)', async () => {
    const bad = await cli.run(['federations', 'create', '--cdn', 'cdn1', '--cname', 'x.example.test', '--ttl', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe("error: 'ttl' cannot be blank");
    const ttl = await cli.run(['federations', 'create', '--cdn', 'cdn1', '--cname', 'x.example.test.', '--ttl', 'ten']);
    expect(ttl.code).toBe(2);
    expect(ttl.stderr).toBe('error: --ttl must be an integer number of seconds, not "ten"\n');
    const cdn = await cli.run(['federations', 'create', '--cdn', 'nope', '--cname', 'x.example.test.', '--ttl', '5']);
    expect(cdn.code).toBe(1);
    expect(cdn.stderr).toBe('error: CDN "nope" not found\nhint: list them with: cdnctl cdns list\n');
    const taken = await cli.run([
      'federations',
      'create',
      '--cdn',
      'cdn1',
      '--cname',
      'fed1.example.test.',
      '--ttl',
      '5',
    ]);
    expect(taken.code).toBe(1);
    expect(taken.stderr.split('\n')).toHaveLength(2);
    expect((await catalog()).map((f) => f.cname).sort()).toEqual(['acme.fed.example.test.', 'fed1.example.test.']);
  });

  it('update keeps the fields not given; --description "" clears it; --dry-run sends nothing', async () => {
    const dry = await cli.run(['federations', 'update', 'acme.fed.example.test.', '--ttl', '60', '--dry-run']);
    expect(dry.stdout).toMatch(
      /Would update federation acme\.fed\.example\.test\. \(id \d+\)\nPUT \/cdns\/cdn1\/federations\/\d+/,
    );
    expect((await federation('acme.fed.example.test.'))!.ttl).toBe(300);
    const updated = await cli.json([
      'federations',
      'update',
      'acme.fed.example.test.',
      '--ttl',
      '60',
      '--description',
      '',
    ]);
    expect(updated).toMatchObject({ cname: 'acme.fed.example.test.', ttl: 60, description: null });
    const nothing = await cli.run(['federations', 'update', 'acme.fed.example.test.']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('error: nothing to update');
  });

  it('an operations user may not create (exit 5)', async () => {
    const ops = new Cli({ configDir: `${daemon.root}/ops`, dataDir: daemon.dataDir });
    await ops.login('ops_user', PASSWORDS.ops_user);
    const denied = await ops.run([
      'federations',
      'create',
      '--cdn',
      'cdn1',
      '--cname',
      'o.example.test.',
      '--ttl',
      '5',
    ]);
    expect(denied.code).toBe(5);
    expect(await federation('o.example.test.')).toBeUndefined();
  });
});

describe('cdnctl federations resolvers', () => {
  it('create resolves the type by name; --dry-run sends nothing; list shows them', async () => {
    const dry = await cli.json<{ body: { ipAddress: string; typeId: number } }>([
      'federations',
      'resolvers',
      'create',
      '--ip',
      '192.0.2.0/24',
      '--type',
      'RESOLVE4',
      '--dry-run',
    ]);
    expect(dry.body).toEqual({ ipAddress: '192.0.2.0/24', typeId: expect.any(Number) });
    expect(await resolvers()).toEqual([]);
    const created = await cli.run(['federations', 'resolvers', 'create', '--ip', '192.0.2.0/24', '--type', 'RESOLVE4']);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Created federation resolver 192\.0\.2\.0\/24 \(id \d+, RESOLVE4\)$/m);
    await cli.run(['federations', 'resolvers', 'create', '--ip', '2001:db8::1', '--type', 'RESOLVE6']);
    expect(await cli.json(['federations', 'resolvers', 'list'])).toEqual(await resolvers());
    const six = await cli.json<FederationResolverRecord[]>(['federations', 'resolvers', 'list', '--type', 'RESOLVE6']);
    expect(six.map((r) => r.ipAddress)).toEqual(['2001:db8::1']);
    const bad = await cli.run(['federations', 'resolvers', 'create', '--ip', 'not-an-ip', '--type', 'RESOLVE4']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('error: validating: ipAddress: invalid network IP or CIDR-notation subnet.\n');
    const type = await cli.run(['federations', 'resolvers', 'create', '--ip', '192.0.2.9', '--type', 'A']);
    expect(type.code).toBe(2);
  });

  it('attach links resolvers by address to a federation; --replace asks; list --federation shows them', async () => {
    const dry = await cli.json([
      'federations',
      'resolvers',
      'attach',
      'fed1.example.test.',
      '192.0.2.0/24',
      '--dry-run',
    ]);
    expect(dry).toMatchObject({ dryRun: true, method: 'POST', body: { replace: false } });
    const attached = await cli.run([
      'federations',
      'resolvers',
      'attach',
      'fed1.example.test.',
      '192.0.2.0/24',
      '2001:db8::1',
    ]);
    expect(attached.code).toBe(0);
    expect(attached.stdout).toContain('Attached resolvers 192.0.2.0/24, 2001:db8::1 to federation fed1.example.test.');
    const linked = await cli.json<Array<{ ipAddress: string }>>([
      'federations',
      'resolvers',
      'list',
      '--federation',
      'fed1.example.test.',
    ]);
    expect(linked.map((r) => r.ipAddress).sort()).toEqual(['192.0.2.0/24', '2001:db8::1']);
    const unasked = await cli.run([
      'federations',
      'resolvers',
      'attach',
      'fed1.example.test.',
      '2001:db8::1',
      '--replace',
    ]);
    expect(unasked.code).toBe(2);
    const replaced = await cli.run([
      'federations',
      'resolvers',
      'attach',
      'fed1.example.test.',
      '2001:db8::1',
      '--replace',
      '--yes',
    ]);
    expect(replaced.code).toBe(0);
    const after = await cli.json<Array<{ ipAddress: string }>>([
      'federations',
      'resolvers',
      'list',
      '--federation',
      '1',
    ]);
    expect(after.map((r) => r.ipAddress)).toEqual(['2001:db8::1']);
  });

  it('delete asks for the address on a terminal, needs --yes elsewhere; --dry-run deletes nothing', async () => {
    const dry = await cli.json(['federations', 'resolvers', 'delete', '192.0.2.0/24', '--dry-run']);
    expect(dry).toMatchObject({ dryRun: true, delete: { ipAddress: '192.0.2.0/24' } });
    expect((await cli.run(['federations', 'resolvers', 'delete', '192.0.2.0/24'])).code).toBe(2);
    expect(await resolvers()).toHaveLength(2);
    const right = await runInTerminal(
      daemon,
      ['federations', 'resolvers', 'delete', '192.0.2.0/24'],
      [{ expect: /Type "192\.0\.2\.0\/24" to confirm: /, send: '192.0.2.0/24\r' }],
    );
    expect(right.code).toBe(0);
    expect(right.output).toMatch(/Deleted federation resolver 192\.0\.2\.0\/24 \(id \d+\)/);
    expect((await resolvers()).map((r) => r.ipAddress)).toEqual(['2001:db8::1']);
    const missing = await cli.run(['federations', 'resolvers', 'delete', '192.0.2.0/24', '--yes']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error: federation resolver "192.0.2.0/24" not found');
  });
});

describe('cdnctl federations ds and users assign|unassign', () => {
  it('ds assign adds delivery services by xmlId; ds list shows them; ds unassign removes one after confirmation', async () => {
    const fed = 'acme.fed.example.test.';
    const dry = await cli.json(['federations', 'ds', 'assign', fed, 'ds3', '--dry-run']);
    expect(dry).toMatchObject({ dryRun: true, body: { dsIds: [expect.any(Number)], replace: false } });
    expect((await federation(fed))!.deliveryServices).toEqual([]);
    const assigned = await cli.run(['federations', 'ds', 'assign', fed, 'ds3', 'ds1']);
    expect(assigned.code).toBe(0);
    expect(assigned.stdout).toContain(`Assigned delivery services ds3, ds1 to federation ${fed}`);
    const listed = await cli.json<Array<{ xmlId: string; cdn: string }>>(['federations', 'ds', 'list', fed]);
    expect(listed.map((d) => d.xmlId).sort()).toEqual(['ds1', 'ds3']);
    expect(listed[0]).toMatchObject({ cdn: 'cdn1' });
    const unknown = await cli.run(['federations', 'ds', 'assign', fed, 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error: delivery service "nope" not found');
    expect((await cli.run(['federations', 'ds', 'unassign', fed, 'ds3'])).code).toBe(2);
    const removed = await cli.run(['federations', 'ds', 'unassign', fed, 'ds3', '--yes']);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(`Removed delivery service ds3 from federation ${fed}`);
    expect((await federation(fed))!.deliveryServices).toEqual(['ds1']);
    const last = await cli.run(['federations', 'ds', 'unassign', fed, 'ds1', '--yes']);
    expect(last.code).toBe(1);
    expect(last.stderr).toBe('error: a federation must have at least one delivery service assigned\n');
  });

  it('users assign and unassign are add and remove; assign --dry-run sends nothing', async () => {
    const dry = await cli.json(['federations', 'users', 'assign', 'acme.fed.example.test.', 'ops_user', '--dry-run']);
    expect(dry).toMatchObject({
      dryRun: true,
      method: 'POST',
      body: { userIds: [expect.any(Number)], replace: false },
    });
    const fedId = (await federation('acme.fed.example.test.'))!.id;
    const users = async () =>
      (await api<{ response: Array<{ username: string }> }>(daemon.url, `/api/1.2/federations/${fedId}/users`, cookie))
        .body.response;
    expect(await users()).toEqual([]);
    expect((await cli.run(['federations', 'users', 'assign', 'acme.fed.example.test.', 'ops_user'])).code).toBe(0);
    expect((await users()).map((u) => u.username)).toEqual(['ops_user']);
    expect((await cli.run(['federations', 'users', 'unassign', String(fedId), 'ops_user', '--yes'])).code).toBe(0);
    expect(await users()).toEqual([]);
  });

  it('delete asks for the CNAME; --dry-run and no --yes delete nothing; --yes -o json is the API answer', async () => {
    const dry = await cli.json(['federations', 'delete', 'acme.fed.example.test.', '--dry-run']);
    expect(dry).toMatchObject({ dryRun: true, delete: { cname: 'acme.fed.example.test.' } });
    expect((await cli.run(['federations', 'delete', 'acme.fed.example.test.'])).code).toBe(2);
    const wrong = await runInTerminal(
      daemon,
      ['federations', 'delete', 'acme.fed.example.test.'],
      [{ expect: /Type "acme\.fed\.example\.test\." to confirm: /, send: 'acme\r' }],
    );
    expect(wrong.code).toBe(1);
    expect(await federation('acme.fed.example.test.')).toBeDefined();
    const deleted = await cli.run(['federations', 'delete', 'acme.fed.example.test.', '--yes', '-o', 'json']);
    expect(deleted.code).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({ alerts: [{ level: 'success', text: 'cdnfederation was deleted.' }] });
    expect(await federation('acme.fed.example.test.')).toBeUndefined();
  });
});
