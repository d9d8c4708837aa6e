import { beforeAll, describe, expect, it } from 'vitest';
import type { FederationRecord, FederationUserRecord } from '../../shared/contract/catalog.js';
import { api, Cli, storedCookie } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';

const { daemon, cli } = useCliDaemon({ login: 'admin' });
let cookie: string;
let fedId: number;

beforeAll(async () => {
  cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
  fedId = (await cli.json<FederationRecord[]>(['federations', 'list']))[0].id;
});

const assigned = async () =>
  (
    await api<{ response: FederationUserRecord[] }>(daemon.url, `/api/1.2/federations/${fedId}/users`, cookie)
  ).body.response
    .map((u) => u.username)
    .sort();

describe('cdnctl federations', () => {
  it('list -o json is GET /api/1.2/federations/catalog as it is, and the table shows the CNAME and delivery services', async () => {
    const printed = await cli.json(['federations', 'list']);
    expect(printed).toEqual(
      (await api<{ response: FederationRecord[] }>(daemon.url, '/api/1.2/federations/catalog', cookie)).body.response,
    );
    expect(printed).toEqual([
      expect.objectContaining({ cname: 'fed1.example.test.', ttl: 60, deliveryServices: ['ds1'] }),
    ]);
    const table = await cli.run(['federations', 'list']);
    expect(table.stdout).toMatch(/fed1\.example\.test\.\s+60\s+cdn1\s+ds1/);
  });

  it('users add assigns users by username to a federation named by CNAME, and users list shows them', async () => {
    const added = await cli.run([
      'federations',
      'users',
      'add',
      'fed1.example.test.',
      'ops_user',
      'ro_user',
      '-o',
      'json',
    ]);
    expect(added.code).toBe(0);
    expect(added.stderr).toContain('2 user(s) were assigned to the fed1.example.test. federation');
    expect(JSON.parse(added.stdout)).toEqual({ userIds: expect.any(Array), replace: false });
    expect(await assigned()).toEqual(['ops_user', 'ro_user']);
    const listed = await cli.json(['federations', 'users', 'list', String(fedId)]);
    expect(listed).toEqual(
      (await api<{ response: FederationUserRecord[] }>(daemon.url, `/api/1.2/federations/${fedId}/users`, cookie)).body
        .response,
    );
    const again = await cli.run(['federations', 'users', 'add', String(fedId), 'ops_user']);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('error: user 3 is already assigned to federation fed1.example.test.\n');
  });

  it('users add --replace replaces the assignments; users remove drops one', async () => {
    await cli.run(['federations', 'users', 'add', String(fedId), 'ops_user']);
    const replaced = await cli.run([
      'federations',
      'users',
      'add',
      String(fedId),
      'tenanta_user',
      '--replace',
      '--yes',
    ]);
    expect(replaced.code).toBe(0);
    expect(await assigned()).toEqual(['tenanta_user']);
    const removed = await cli.run([
      'federations',
      'users',
      'remove',
      'fed1.example.test.',
      'tenanta_user',
      '--yes',
      '-o',
      'json',
    ]);
    expect(removed.code).toBe(0);
    expect(removed.stderr).toContain('Removed user [ tenanta_user ] from federation [ fed1.example.test. ]');
    expect(await assigned()).toEqual([]);
    const missing = await cli.run(['federations', 'users', 'remove', String(fedId), 'tenanta_user', '--yes']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('error: no federation users with that key found\n');
  });

  it('an unknown federation is exit 1; an operations user may not assign (exit 5); 1.1 has no federation users (exit 2)', async () => {
    const unknown = await cli.run(['federations', 'users', 'list', 'nope.example.test.']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error: federation "nope.example.test." not found');
    const ops = new Cli({ configDir: `${daemon.root}/ops`, dataDir: daemon.dataDir });
    await ops.login('ops_user', PASSWORDS.ops_user);
    const denied = await ops.run(['federations', 'users', 'add', String(fedId), 'ro_user']);
    expect(denied.code).toBe(5);
    const old = await cli.run(['federations', 'users', 'list', String(fedId), '--api-version', '1.1']);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain('needs API version 1.2 or newer');
  });
});
