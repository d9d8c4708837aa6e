import { beforeAll, describe, expect, it } from 'vitest';
import type { RoleRecord } from '../../shared/contract/catalog.js';
import { api, Cli, storedCookie } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';
import { runInTerminal } from '../helpers/terminal.js';

const { daemon, cli } = useCliDaemon({ login: 'admin' });
let cookie: string;

beforeAll(async () => {
  cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
});

// The reads speak 1.1, whose roles have no capabilities (Traffic Ops added them at 1.3; issue 34).
const stored = async () => (await api<{ response: RoleRecord[] }>(daemon.url, '/api/1.1/roles', cookie)).body.response;
const role = async (name: string) => (await stored()).find((r) => r.name === name);

describe('cdnctl roles list and get', () => {
  it('list -o json is GET /api/1.1/roles as it is; the table shows the privilege levels', async () => {
    expect(await cli.json(['roles', 'list'])).toEqual(await stored());
    const table = await cli.run(['roles', 'list', '--filter', 'name=admin']);
    expect(table.stdout).toMatch(/^\s*\d+\s+admin\s+30\s+/m);
  });

  it('get shows one role by name or id; an unknown one is exit 1', async () => {
    const [admin] = await cli.json<RoleRecord[]>(['roles', 'get', 'admin']);
    expect(admin).toMatchObject({ name: 'admin', privLevel: 30 });
    const record = await cli.run(['roles', 'get', String(admin.id)]);
    expect(record.stdout).toMatch(/^name:\s+admin$/m);
    const missing = await cli.run(['roles', 'get', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('error: role "nope" not found\nhint: list them with: cdnctl roles list\n');
  });
});

describe('cdnctl roles create, update, delete', () => {
  it('create --dry-run sends nothing; create answers the role with its capabilities', async () => {
    const args = ['roles', 'create', '--name', 'auditor', '--description', 'reads everything', '--priv-level', '10'];
    const dry = await cli.json([...args, '--dry-run']);
    expect(dry).toEqual({
      dryRun: true,
      method: 'POST',
      path: '/roles',
      body: { name: 'auditor', description: 'reads everything', privLevel: 10 },
    });
    expect(await role('auditor')).toBeUndefined();
    const created = await cli.run(args);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Created role auditor \(id \d+\), privilege level 10$/m);
    expect(await role('auditor')).toMatchObject({ description: 'reads everything', privLevel: 10 });
  });

  it('update changes only the given fields; -o json is the echoed role', async () => {
    const dry = await cli.run(['roles', 'update', 'auditor', '--priv-level', '15', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Would update role auditor');
    expect((await role('auditor'))!.privLevel).toBe(10);
    const updated = await cli.json(['roles', 'update', 'auditor', '--priv-level', '15']);
    expect(updated).toMatchObject({
      name: 'auditor',
      description: 'reads everything',
      privLevel: 15,
      capabilities: [],
    });
  });

  it('refusals: a bad level (2), a level above your own (1), unknown capabilities (1), a taken name (1), API 1.2 (2)', async () => {
    const bad = await cli.run(['roles', 'update', 'auditor', '--priv-level', 'high']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: --priv-level must be an integer, not "high"\n');
    const higher = await cli.run(['roles', 'create', '--name', 'boss', '--description', 'x', '--priv-level', '40']);
    expect(higher.code).toBe(1);
    expect(higher.stderr).toBe('error: can not create a role with a higher priv level than your own\n');
    const caps = await cli.run(['roles', 'update', 'auditor', '--capability', 'nope']);
    expect(caps.code).toBe(1);
    expect(caps.stderr).toBe('error: can not add non-existent capabilities: [nope]\n');
    const taken = await cli.run(['roles', 'update', 'auditor', '--name', 'admin']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe("error: role name 'admin' already exists.\n");
    const old = await cli.run(['roles', 'delete', 'auditor', '--yes', '--api-version', '1.2']);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain('needs API version 1.3 or newer');
    const nothing = await cli.run(['roles', 'update', 'auditor']);
    expect(nothing.code).toBe(2);
    expect(await role('auditor')).toMatchObject({ name: 'auditor', privLevel: 15 });
  });

  it('an operations user may not write roles (exit 5)', async () => {
    const ops = new Cli({ configDir: `${daemon.root}/ops`, dataDir: daemon.dataDir });
    await ops.login('ops_user', PASSWORDS.ops_user);
    const denied = await ops.run(['roles', 'delete', 'auditor', '--yes']);
    expect(denied.code).toBe(5);
    expect(await role('auditor')).toBeDefined();
  });

  it('delete: a role with users is refused; --dry-run and no --yes change nothing; the typed name deletes', async () => {
    const used = await cli.run(['roles', 'delete', 'read-only', '--yes']);
    expect(used.code).toBe(1);
    expect(used.stderr).toMatch(/^error: can not delete a role with \d+ assigned users\n$/);
    const dry = await cli.json(['roles', 'delete', 'auditor', '--dry-run']);
    expect(dry).toMatchObject({ dryRun: true, delete: { name: 'auditor' } });
    const unasked = await cli.run(['roles', 'delete', 'auditor']);
    expect(unasked.code).toBe(2);
    expect(await role('auditor')).toBeDefined();
    const right = await runInTerminal(
      daemon,
      ['roles', 'delete', 'auditor'],
      [{ expect: /Type "auditor" to confirm: /, send: 'auditor\r' }],
    );
    expect(right.code).toBe(0);
    expect(right.output).toMatch(/Deleted role auditor \(id \d+\)/);
    expect(await role('auditor')).toBeUndefined();
  });
});
