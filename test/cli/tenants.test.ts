import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantRecord } from '../../shared/contract/catalog.js';
import { api, Cli, storedCookie } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';
import { runInTerminal } from '../helpers/terminal.js';

const { daemon, cli } = useCliDaemon({ login: 'admin' });
let cookie: string;

beforeAll(async () => {
  cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
});

const stored = async () =>
  (await api<{ response: TenantRecord[] }>(daemon.url, '/api/1.3/tenants', cookie)).body.response;
const names = async () => (await stored()).map((t) => t.name).sort();

async function login(user: 'ro_user' | 'tenanta_user'): Promise<Cli> {
  const other = new Cli({ configDir: `${daemon.root}/${user}`, dataDir: daemon.dataDir });
  await other.login(user, PASSWORDS[user]);
  return other;
}

describe('cdnctl tenants list, get and tree', () => {
  it('list -o json is GET /api/1.3/tenants as it is; --parent, --active and --inactive narrow it', async () => {
    expect(await cli.json(['tenants', 'list'])).toEqual(await stored());
    const under = await cli.json<TenantRecord[]>(['tenants', 'list', '--parent', 'root']);
    expect(under.map((t) => t.name)).toEqual(['tenant-a']);
    expect(await cli.json(['tenants', 'list', '--inactive'])).toEqual([]);
    expect((await cli.json<TenantRecord[]>(['tenants', 'list', '--active'])).length).toBe(2);
    const both = await cli.run(['tenants', 'list', '--active', '--inactive']);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe(
      'error: --active and --inactive cannot be used together\nhint: see: cdnctl tenants list --help\n',
    );
  });

  it('get shows one tenant by name or id; an unknown one is exit 1', async () => {
    const [byName] = await cli.json<TenantRecord[]>(['tenants', 'get', 'tenant-a']);
    expect(byName).toMatchObject({ name: 'tenant-a', parentName: 'root', active: true });
    const record = await cli.run(['tenants', 'get', String(byName.id)]);
    expect(record.stdout).toMatch(/^parentName:\s+root$/m);
    const missing = await cli.run(['tenants', 'get', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      'error: tenant "nope" not found (or not visible to you)\nhint: list them with: cdnctl tenants list\n',
    );
  });
});

describe('cdnctl tenants create, update, tree', () => {
  it('create --dry-run sends nothing and prints the request; create makes the tenant', async () => {
    const dry = await cli.run(['tenants', 'create', '--name', 'acme', '--parent', 'root', '--dry-run', '-o', 'json']);
    expect(dry.code).toBe(0);
    const rootId = (await stored()).find((t) => t.name === 'root')!.id;
    expect(JSON.parse(dry.stdout)).toEqual({
      dryRun: true,
      method: 'POST',
      path: '/tenants',
      body: { name: 'acme', active: true, parentId: rootId },
    });
    const text = await cli.run(['tenants', 'create', '--name', 'acme', '--parent', 'root', '--dry-run']);
    expect(text.stdout).toContain('Would create tenant acme under root\nPOST /tenants');
    expect(await names()).toEqual(['root', 'tenant-a']);
    const created = await cli.run(['tenants', 'create', '--name', 'acme', '--parent', 'root']);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Created tenant acme \(id \d+\) under root$/m);
    const child = await cli.json<TenantRecord>([
      'tenants',
      'create',
      '--name',
      'acme-eu',
      '--parent',
      'acme',
      '--inactive',
    ]);
    expect(child).toMatchObject({ name: 'acme-eu', parentName: 'acme', active: false });
    expect(await names()).toEqual(['acme', 'acme-eu', 'root', 'tenant-a']);
  });

  it('tree draws each tenant under its parent; -o json is the nested nodes', async () => {
    const tree = await cli.run(['tenants', 'tree']);
    expect(tree.code).toBe(0);
    const shown = tree.stdout.replace(/\(id \d+\)/g, '(id N)');
    expect(shown).toBe('root (id N)\n├── acme (id N)\n│   └── acme-eu (id N) [inactive]\n└── tenant-a (id N)\n');
    const [root] = await cli.json<Array<{ name: string; children: Array<{ name: string }> }>>(['tenants', 'tree']);
    expect(root.name).toBe('root');
    expect(root.children.map((c) => c.name)).toEqual(['acme', 'tenant-a']);
    expect(root.children[0]).toMatchObject({
      active: true,
      children: [{ name: 'acme-eu', active: false, children: [] }],
    });
  });

  it('update changes only the given fields; --dry-run sends nothing', async () => {
    const dry = await cli.json<{ method: string; body: { name: string; active: boolean } }>([
      'tenants',
      'update',
      'acme-eu',
      '--active',
      '--dry-run',
    ]);
    expect(dry).toMatchObject({ method: 'PUT', body: { name: 'acme-eu', active: true } });
    expect((await stored()).find((t) => t.name === 'acme-eu')!.active).toBe(false);
    const renamed = await cli.run(['tenants', 'update', 'acme-eu', '--name', 'acme-europe', '--active']);
    expect(renamed.code).toBe(0);
    expect(renamed.stdout).toMatch(/^Updated tenant acme-eu \(id \d+\)$/m);
    expect((await stored()).find((t) => t.name === 'acme-europe')).toMatchObject({ active: true, parentName: 'acme' });
  });

  it('refusals: nothing to update (2), the root tenant (1), a cycle (1), an unknown parent (1), a missing flag (2)', async () => {
    const nothing = await cli.run(['tenants', 'update', 'acme']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('error: nothing to update: give --name, --parent, --active or --inactive\n');
    const root = await cli.run(['tenants', 'update', 'root', '--name', 'top']);
    expect(root.code).toBe(1);
    expect(root.stderr).toContain('error: trying to change the root tenant, which is immutable\n');
    const cycle = await cli.run(['tenants', 'update', 'acme', '--parent', 'acme-europe']);
    expect(cycle.code).toBe(1);
    expect(cycle.stderr).toBe('error: trying to set existing child as new parent\n');
    const parent = await cli.run(['tenants', 'create', '--name', 'x', '--parent', 'nope']);
    expect(parent.code).toBe(1);
    expect(parent.stderr).toContain('error: tenant "nope" not found');
    const missing = await cli.run(['tenants', 'create', '--name', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('error: missing required flag: --parent\n');
    expect(await names()).toEqual(['acme', 'acme-europe', 'root', 'tenant-a']);
  });
});

describe('cdnctl tenants delete', () => {
  it('a tenant with children is refused with the API text; --dry-run and no --yes off a terminal delete nothing', async () => {
    const parent = await cli.run(['tenants', 'delete', 'acme', '--yes']);
    expect(parent.code).toBe(1);
    expect(parent.stderr).toMatch(
      /^error: Tenant '\d+' has child tenants\. Please update these child tenants and retry\.\n$/,
    );
    const dry = await cli.json<{ dryRun: boolean; delete: TenantRecord }>([
      'tenants',
      'delete',
      'acme-europe',
      '--dry-run',
    ]);
    expect(dry).toMatchObject({ dryRun: true, delete: { name: 'acme-europe' } });
    const unasked = await cli.run(['tenants', 'delete', 'acme-europe']);
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain('refusing to delete tenant acme-europe');
    expect(await names()).toContain('acme-europe');
  });

  it('on a terminal it asks for the name: a wrong answer keeps it, the name deletes it; --yes deletes', async () => {
    const wrong = await runInTerminal(
      daemon,
      ['tenants', 'delete', 'acme-europe'],
      [{ expect: /Type "acme-europe" to confirm: /, send: 'acme\r' }],
    );
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('cancelled; nothing was changed');
    const right = await runInTerminal(
      daemon,
      ['tenants', 'delete', 'acme-europe'],
      [{ expect: /Type "acme-europe" to confirm: /, send: 'acme-europe\r' }],
    );
    expect(right.code).toBe(0);
    expect(right.output).toMatch(/Deleted tenant acme-europe \(id \d+\)/);
    const yes = await cli.run(['tenants', 'delete', 'acme', '--yes', '-o', 'json']);
    expect(yes.code).toBe(0);
    expect(JSON.parse(yes.stdout)).toEqual({ alerts: [{ level: 'success', text: 'tenant was deleted.' }] });
    expect(await names()).toEqual(['root', 'tenant-a']);
  });
});

describe('cdnctl tenants and roles of the caller', () => {
  it('a read-only user may list but not create (exit 5)', async () => {
    const ro = await login('ro_user');
    expect((await ro.run(['tenants', 'list'])).code).toBe(0);
    const denied = await ro.run(['tenants', 'create', '--name', 'ro-made', '--parent', 'root']);
    expect(denied.code).toBe(5);
    expect(await names()).toEqual(['root', 'tenant-a']);
  });

  it("a tenant's user sees only its own tree, and cannot reach a tenant outside it", async () => {
    const ta = await login('tenanta_user');
    const tree = await ta.run(['tenants', 'tree']);
    expect(tree.stdout.replace(/\(id \d+\)/g, '(id N)')).toBe('tenant-a (id N)\n');
    const root = await ta.run(['tenants', 'get', 'root']);
    expect(root.code).toBe(1);
    expect(root.stderr).toContain('error: tenant "root" not found (or not visible to you)');
    const made = await ta.run(['tenants', 'create', '--name', 'ta-child', '--parent', 'tenant-a']);
    expect(made.code).toBe(0);
    expect(await names()).toEqual(['root', 'ta-child', 'tenant-a']);
  });
});
