import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryService } from '../../shared/client/deliveryservices.js';
import type { AvailableDeliveryService, User } from '../../shared/client/users.js';
import { api, Cli, newestMail, storedCookie } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';

const { daemon, cli } = useCliDaemon({ login: 'admin' });
let cookie: string;

beforeAll(async () => {
  cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
});

const names = (list: Array<{ username: string }>) => list.map((u) => u.username);

describe('cdnctl users list and get', () => {
  it('list -o json is GET /api/1.2/users as it is (digit-string ids, tenant at 1.2)', async () => {
    const printed = await cli.json<User[]>(['users', 'list']);
    expect(printed).toEqual((await api(daemon.url, '/api/1.2/users', cookie)).body.response);
    expect(printed[0]).toMatchObject({ id: expect.stringMatching(/^\d+$/), tenantId: expect.any(Number) });
  });

  it('list --tenant resolves the tenant name; at --api-version 1.1 records have no tenant and --tenant is refused', async () => {
    expect(names(await cli.json<User[]>(['users', 'list', '--tenant', 'tenant-a']))).toEqual(['tenanta_user']);
    const old = await cli.json<User[]>(['users', 'list', '--api-version', '1.1']);
    expect(old).toEqual((await api(daemon.url, '/api/1.1/users', cookie)).body.response);
    expect(old[0]).not.toHaveProperty('tenant');
    const refused = await cli.run(['users', 'list', '--tenant', 'root', '--api-version', '1.1']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--tenant needs API version 1.2 or newer');
  });

  // Users are read at the seed's 1.2 beyond it: 1.3 answers Traffic Ops' numbers (issue 34).
  it("accepts --api-version 1.4 and 1.5 and reads users at the seed's 1.2 (issues 17, 34)", async () => {
    const at13 = (await api(daemon.url, '/api/1.2/users', cookie)).body.response;
    expect(await cli.json(['users', 'list', '--api-version', '1.5'])).toEqual(at13);
    expect(await cli.json(['users', 'list', '--api-version', '1.4'])).toEqual(at13);
    expect((await cli.run(['users', 'list', '--api-version', '1.6'])).code).toBe(2);
  });

  it('get takes a username or an id; an unknown one is exit 1', async () => {
    const [ops] = await cli.json<User[]>(['users', 'get', 'ops_user']);
    expect(ops).toMatchObject({ username: 'ops_user', rolename: 'operations' });
    const text = await cli.run(['users', 'get', ops.id]);
    expect(text.stdout).toMatch(/^email:\s+ops@example\.test$/m);
    const missing = await cli.run(['users', 'get', 'nobody']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error: user "nobody" not found');
  });
});

describe('cdnctl users create and register', () => {
  it('create reads the password from stdin, resolves role and tenant names, and prints the created user', async () => {
    const result = await cli.run(
      [
        'users',
        'create',
        '--username',
        'jdoe',
        '--email',
        'jdoe@example.test',
        '--full-name',
        'J Doe',
        '--role',
        'read-only',
        '--tenant',
        'tenant-a',
        '--company',
        'Example',
        '--password-stdin',
        '-o',
        'json',
      ],
      { input: 'Sup3rS3cretPhrase' },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('user was created.');
    expect(JSON.parse(result.stdout)).toMatchObject({
      username: 'jdoe',
      roleName: 'read-only',
      tenant: 'tenant-a',
      company: 'Example',
      id: expect.any(Number),
    });
    const login = await new Cli({ configDir: `${daemon.root}/jdoe`, dataDir: daemon.dataDir }).login(
      'jdoe',
      'Sup3rS3cretPhrase',
    );
    expect(login.stdout).toContain('as jdoe (read-only)');
  });

  it('create reports the API validation error with exit 1, and needs --password-stdin off a terminal (exit 2)', async () => {
    const weak = await cli.run(
      [
        'users',
        'create',
        '--username',
        'weak',
        '--email',
        'weak@example.test',
        '--full-name',
        'W',
        '--role',
        'read-only',
        '--password-stdin',
      ],
      {
        input: 'short',
      },
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toBe('error: Password must be greater than 7 characters.\n');
    const noPassword = await cli.run([
      'users',
      'create',
      '--username',
      'np',
      '--email',
      'np@example.test',
      '--full-name',
      'N',
      '--role',
      'read-only',
    ]);
    expect(noPassword.code).toBe(2);
    const unknownRole = await cli.run(
      [
        'users',
        'create',
        '--username',
        'ur',
        '--email',
        'ur@example.test',
        '--full-name',
        'U',
        '--role',
        'wizard',
        '--password-stdin',
      ],
      {
        input: 'Sup3rS3cretPhrase',
      },
    );
    expect(unknownRole.code).toBe(1);
    expect(unknownRole.stderr).toContain('error: role "wizard" not found');
  });

  it("register sends an invitation with the role and tenant, by default the caller's tenant", async () => {
    const result = await cli.run(['users', 'register', '--email', 'invitee@example.test', '--role', 'read-only']);
    expect(result.code).toBe(0);
    // No SMTP server: the daemon keeps the mail in its outbox, and the CLI says where (issue 33 item 6).
    const outbox = join(daemon.dataDir, 'outbox');
    expect(result.stdout).toMatch(
      new RegExp(`^Wrote the invitation to invitee@example\\.test \\(role read-only\\) to ${outbox}/\\S+\\.eml: `),
    );
    expect(result.stdout).toContain('mail stays in its outbox');
    expect(result.stderr).toBe('');
    expect(newestMail(daemon.dataDir)).toContain('invitee@example.test');
    const json = await cli.run([
      'users',
      'register',
      '--email',
      'invitee2@example.test',
      '--role',
      'read-only',
      '-o',
      'json',
    ]);
    expect(json.stderr).toContain(
      'Sent user registration to invitee2@example.test with the following permissions [ role: read-only | tenant: root ]',
    );
  });

  it('create and register are refused at --api-version 1.1 (exit 2)', async () => {
    const result = await cli.run([
      'users',
      'register',
      '--email',
      'x@example.test',
      '--role',
      'read-only',
      '--api-version',
      '1.1',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"cdnctl users register" needs API version 1.2 or newer');
  });
});

describe('cdnctl users me', () => {
  it('me prints GET user/current; me update uses PUT at 1.2 and POST update at 1.1', async () => {
    const me = new Cli({ configDir: `${daemon.root}/ops`, dataDir: daemon.dataDir });
    await me.login('ops_user', PASSWORDS.ops_user);
    expect(await me.json(['users', 'me'])).toMatchObject({ username: 'ops_user', tenant: 'root', localUser: true });
    const put = await me.run(['users', 'me', 'update', '--full-name', 'Ops Person', '--city', 'Chicago', '-o', 'json']);
    expect(put.code).toBe(0);
    expect(put.stderr).toContain('User profile was successfully updated');
    expect(JSON.parse(put.stdout)).toMatchObject({ fullName: 'Ops Person', city: 'Chicago' });
    const post = await me.run(['users', 'me', 'update', '--phone-number', '+1 312 555 0100', '--api-version', '1.1']);
    expect(post.code).toBe(0);
    expect(post.stdout).toBe('Updated your profile: phoneNumber\n');
    expect(await me.json(['users', 'me', '--api-version', '1.1'])).toMatchObject({
      fullName: 'Ops Person',
      phoneNumber: '+1 312 555 0100',
    });
    expect(await me.json(['users', 'me', '--api-version', '1.1'])).not.toHaveProperty('tenant');
  });

  it('me update changes the password from stdin; an empty update is a usage error', async () => {
    const me = new Cli({ configDir: `${daemon.root}/ta`, dataDir: daemon.dataDir });
    await me.login('tenanta_user', PASSWORDS.tenanta_user);
    const changed = await me.run(['users', 'me', 'update', '--password-stdin'], { input: 'An0therG00dPhrase' });
    expect(changed.code).toBe(0);
    await me.login('tenanta_user', 'An0therG00dPhrase');
    expect((await me.run(['users', 'me', 'update'])).code).toBe(2);
    const taken = await me.run(['users', 'me', 'update', '--email', 'ops@example.test']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe('error: Email ops@example.test already exists!\n');
  });
});

describe('cdnctl users ds and ds-available', () => {
  it('ds lists the delivery services assigned to a user (as GET users/:id/deliveryservices)', async () => {
    const [ro] = await cli.json<User[]>(['users', 'get', 'ro_user']);
    const printed = await cli.json<DeliveryService[]>(['users', 'ds', 'ro_user']);
    expect(printed).toEqual((await api(daemon.url, `/api/1.2/users/${ro.id}/deliveryservices`, cookie)).body.response);
    expect(printed.map((d: { xmlId: string }) => d.xmlId)).toEqual(['ds1']);
    const table = await cli.run(['users', 'ds', 'ro_user']);
    expect(table.stdout).toMatch(/^ID\s+XML ID\s+DISPLAY NAME/);
  });

  it('ds-available lists the unassigned ones: {id, displayName, xmlId} at 1.2, {xmlId, id} at 1.1', async () => {
    const now = await cli.json<AvailableDeliveryService[]>(['users', 'ds-available', 'ro_user']);
    expect(now.map((d: { xmlId: string }) => d.xmlId)).toEqual(['ds2', 'ds3']);
    expect(Object.keys(now[0]).sort()).toEqual(['displayName', 'id', 'xmlId']);
    const old = await cli.json<AvailableDeliveryService[]>([
      'users',
      'ds-available',
      'ro_user',
      '--api-version',
      '1.1',
    ]);
    expect(Object.keys(old[0]).sort()).toEqual(['id', 'xmlId']);
    const unknown = await cli.run(['users', 'ds-available', '99999']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('error: user not found\n');
  });
});
