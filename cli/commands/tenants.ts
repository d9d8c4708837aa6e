import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import type { HttpClient } from '../../shared/client/http.js';
import {
  createTenant,
  deleteTenant,
  listTenants,
  updateTenant,
  type Tenant,
  type TenantBody,
} from '../../shared/client/tenants.js';
import { messageOutput, recordOutput, tableOutput, type Column } from '../output/format.js';
import { asId } from './common/parse.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import { previewWrite } from './common/dry-run.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';
import { writeOutput } from './common/write.js';
import { drawTenantTree, tenantTree } from './tenant-tree.js';
import { ROOT_IMMUTABLE } from '../../shared/rules/tenants.js';

/* `cdnctl tenants list|get|create|update|delete|tree` (issue 31). */

const API = { min: '1.1' } as const;

const COLUMNS: Column<Tenant>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'NAME', value: (t) => t.name },
  { header: 'PARENT', value: (t) => t.parentName ?? null },
  { header: 'ACTIVE', value: (t) => t.active },
  { header: 'LAST UPDATED', value: (t) => t.lastUpdated, wide: true },
];

const notFound = (ref: string) =>
  new CliError(`tenant "${ref}" not found (or not visible to you)`, EXIT.ERROR, 'list them with: cdnctl tenants list');

/** The tenant an id or name names, among `tenants`. */
function pick(tenants: Tenant[], ref: string): Tenant {
  const id = asId(ref);
  const tenant = tenants.find((t) => (id === null ? t.name === ref : t.id === id));
  if (!tenant) throw notFound(ref);
  return tenant;
}

async function allTenants(http: HttpClient): Promise<Tenant[]> {
  return (await listTenants(http)).response;
}

interface StateFlags {
  active?: boolean;
  inactive?: boolean;
}

/** `--active` true, `--inactive` false, neither undefined; both is a usage error. */
function stateOf(flags: StateFlags, verb: string): boolean | undefined {
  if (flags.active && flags.inactive)
    throw new CliError(
      '--active and --inactive cannot be used together',
      EXIT.USAGE,
      `see: cdnctl tenants ${verb} --help`,
    );
  if (flags.active) return true;
  if (flags.inactive) return false;
  return undefined;
}

interface ListFlags extends StateFlags {
  name?: string;
  parent?: string;
}

const listVerb: VerbSpec<ListFlags> = {
  name: 'list',
  description: 'List your tenant and the tenants under it',
  examples: ['cdnctl tenants list', 'cdnctl tenants list --parent root --inactive', 'cdnctl tenants list -o yaml'],
  api: API,
  configure: (c) =>
    c
      .option('--name <name>', 'only this tenant')
      .option('--parent <name|id>', 'only the tenants directly under this one')
      .option('--active', 'only active tenants')
      .option('--inactive', 'only inactive tenants'),
  run: async (inv, _args, flags) => {
    const active = stateOf(flags, 'list');
    const http = await inv.client();
    let rows = (await listTenants(http, { name: flags.name })).response;
    if (flags.parent !== undefined) {
      const parent = pick(await allTenants(http), flags.parent);
      rows = rows.filter((t) => t.parentId === parent.id);
    }
    if (active !== undefined) rows = rows.filter((t) => t.active === active);
    return tableOutput(rows, rows, COLUMNS, 'No tenants found.');
  },
};

const getVerb: VerbSpec<object> = {
  name: 'get <id|name>',
  description: 'Show one tenant',
  examples: ['cdnctl tenants get tenant-a', 'cdnctl tenants get 2 -o json'],
  api: API,
  run: async (inv, [ref]: string[]) => {
    const tenant = pick(await allTenants(await inv.client()), ref);
    return recordOutput([tenant], Object.entries(tenant));
  },
};

interface FieldFlags extends StateFlags {
  name?: string;
  parent?: string;
  dryRun?: boolean;
}

function fieldOptions(command: Command, create: boolean): Command {
  if (create) {
    command.requiredOption('--name <name>', 'tenant name');
    command.requiredOption('--parent <name|id>', 'the tenant it sits under');
  } else {
    command.option('--name <name>', 'new tenant name');
    command.option('--parent <name|id>', 'move it under this tenant (not under itself or a descendant)');
  }
  return command
    .option('--active', create ? 'active (the default)' : 'make it active')
    .option('--inactive', create ? 'create it inactive: its users cannot log in' : 'make it inactive')
    .option('--dry-run', 'print what would be sent; change nothing');
}

const createVerb: VerbSpec<FieldFlags> = {
  name: 'create',
  description: 'Create a tenant under a tenant you can see (admin or operations role)',
  examples: [
    'cdnctl tenants create --name acme --parent root',
    'cdnctl tenants create --name acme-eu --parent acme --inactive --dry-run',
  ],
  api: API,
  configure: (c) => fieldOptions(c, true),
  run: async (inv, _args, flags) => {
    const active = stateOf(flags, 'create') ?? true;
    const http = await inv.client();
    const parent = pick(await allTenants(http), flags.parent!);
    const body: TenantBody = { name: flags.name!, active, parentId: parent.id };
    if (flags.dryRun)
      return previewWrite(
        inv,
        { method: 'POST', path: '/tenants', body },
        `Would create tenant ${body.name} under ${parent.name}`,
      );
    const result = await createTenant(http, body);
    const t = result.response;
    return writeOutput(inv, result, `Created tenant ${t.name} (id ${t.id}) under ${parent.name}`, t);
  },
};

const updateVerb: VerbSpec<FieldFlags> = {
  name: 'update <id|name>',
  description: 'Rename a tenant, move it under another parent, or (de)activate it; the root tenant cannot change',
  examples: [
    'cdnctl tenants update acme --inactive',
    'cdnctl tenants update acme-eu --parent root --name acme-europe',
    'cdnctl tenants update 5 --active --dry-run',
  ],
  api: API,
  configure: (c) => fieldOptions(c, false),
  run: async (inv, [ref]: string[], flags) => {
    const active = stateOf(flags, 'update');
    if (flags.name === undefined && flags.parent === undefined && active === undefined)
      throw new CliError(
        'nothing to update: give --name, --parent, --active or --inactive',
        EXIT.USAGE,
        'see: cdnctl tenants update --help',
      );
    const http = await inv.client();
    const tenants = await allTenants(http);
    const current = pick(tenants, ref);
    if (current.parentId === null) throw new CliError(ROOT_IMMUTABLE, EXIT.ERROR, 'create a tenant under it instead');
    const body: TenantBody = {
      name: flags.name ?? current.name,
      active: active ?? current.active,
      parentId: flags.parent === undefined ? (current.parentId ?? 0) : pick(tenants, flags.parent).id,
    };
    const label = `tenant ${current.name} (id ${current.id})`;
    if (flags.dryRun)
      return previewWrite(inv, { method: 'PUT', path: `/tenants/${current.id}`, body }, `Would update ${label}`);
    const result = await updateTenant(http, current.id, body);
    return writeOutput(inv, result, `Updated ${label}`, result.response);
  },
};

const deleteVerb: VerbSpec<DestructiveFlags> = {
  name: 'delete <id|name>',
  description:
    'Delete a tenant that owns no users, delivery services, origins or tenants; asks first on a terminal, needs --yes elsewhere',
  examples: [
    'cdnctl tenants delete acme-eu',
    'cdnctl tenants delete 5 --yes',
    'cdnctl tenants delete acme-eu --dry-run',
  ],
  api: API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [ref]: string[], flags) => {
    const http = await inv.client();
    const tenant = pick(await allTenants(http), ref);
    const label = `tenant ${tenant.name} (id ${tenant.id})`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, delete: tenant }, `Would delete ${label}`);
    }
    await confirmDestructive(inv.printer, { description: `delete ${label}`, typeToConfirm: tenant.name }, flags);
    return writeOutput(inv, await deleteTenant(http, tenant.id), `Deleted ${label}`);
  },
};

const treeVerb: VerbSpec<object> = {
  name: 'tree',
  description: 'Draw the tenant hierarchy you can see: each tenant under its parent',
  examples: ['cdnctl tenants tree', 'cdnctl tenants tree -o json'],
  api: API,
  run: async (inv) => {
    const roots = tenantTree(await allTenants(await inv.client()));
    return messageOutput(roots, roots.length === 0 ? 'No tenants found.' : drawTenantTree(roots));
  },
};

/** `cdnctl tenants list|get|create|update|delete|tree`. */
export function registerTenants(program: Command): void {
  const tenants = addNoun(program, 'tenants', 'Tenants: who owns users, delivery services and origins', [
    'cdnctl tenants tree',
    'cdnctl tenants create --name acme --parent root',
  ]);
  for (const verb of [listVerb, getVerb, createVerb, updateVerb, deleteVerb, treeVerb])
    addVerb(tenants, verb as VerbSpec<object>);
}
