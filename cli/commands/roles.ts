import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import type { HttpClient } from '../../shared/client/http.js';
import { createRole, deleteRole, listRoles, updateRole, type Role, type RoleBody } from '../../shared/client/roles.js';
import { messageOutput, recordOutput, tableOutput, type Column } from '../output/format.js';
import { asId, collect } from './common/parse.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import { previewWrite } from './common/dry-run.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';
import { writeOutput } from './common/write.js';

/* `cdnctl roles list|get` (1.1+) and `roles create|update|delete` (1.3+, admin; issue 31). */

const READ_API = { min: '1.1' } as const;
const WRITE_API = { min: '1.3' } as const;

const COLUMNS: Column<Role>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'NAME', value: (r) => r.name },
  { header: 'PRIV LEVEL', value: (r) => r.privLevel },
  { header: 'DESCRIPTION', value: (r) => r.description },
];

/** The role an id or name names. */
async function findRole(http: HttpClient, ref: string): Promise<Role> {
  const id = asId(ref);
  const role = (await listRoles(http)).response.find((r) => (id === null ? r.name === ref : r.id === id));
  if (!role) throw new CliError(`role "${ref}" not found`, EXIT.ERROR, 'list them with: cdnctl roles list');
  return role;
}

/** A privilege level: an integer (Traffic Ops' roles use 10 read-only, 20 operations, 30 admin). */
function privLevel(text: string): number {
  if (!/^-?\d+$/.test(text)) throw new CliError(`--priv-level must be an integer, not "${text}"`, EXIT.USAGE);
  return Number(text);
}

const listVerb: VerbSpec<{ name?: string }> = {
  name: 'list',
  description: 'List the roles and their privilege levels',
  examples: ['cdnctl roles list', 'cdnctl roles list -o json', 'cdnctl roles list --filter privLevel=30'],
  api: READ_API,
  configure: (c) => c.option('--name <name>', 'only this role'),
  run: async (inv, _args, flags) => {
    const { response } = await listRoles(await inv.client(), { name: flags.name });
    return tableOutput(response, response, COLUMNS, 'No roles found.');
  },
};

const getVerb: VerbSpec<object> = {
  name: 'get <id|name>',
  description: 'Show one role',
  examples: ['cdnctl roles get admin', 'cdnctl roles get 3 -o json'],
  api: READ_API,
  run: async (inv, [ref]: string[]) => {
    const role = await findRole(await inv.client(), ref);
    return recordOutput([role], Object.entries(role));
  },
};

interface FieldFlags {
  name?: string;
  description?: string;
  privLevel?: number;
  capability?: string[];
  dryRun?: boolean;
}

function fieldOptions(command: Command, create: boolean): Command {
  const option = (flags: string, text: string, parse?: (v: string) => number) => {
    if (create) return parse ? command.requiredOption(flags, text, parse) : command.requiredOption(flags, text);
    return parse ? command.option(flags, text, parse) : command.option(flags, text);
  };
  option('--name <name>', 'role name');
  option('--description <text>', 'what the role is for');
  option('--priv-level <n>', 'privilege level, at most your own (10 read-only, 20 operations, 30 admin)', privLevel);
  return command
    .option('--capability <name>', 'a capability of the role (repeatable; on update replaces them all)', collect)
    .option('--dry-run', 'print what would be sent; change nothing');
}

const createVerb: VerbSpec<FieldFlags> = {
  name: 'create',
  description: 'Create a role (admin role; API 1.3+)',
  examples: [
    'cdnctl roles create --name auditor --description "reads everything" --priv-level 10',
    'cdnctl roles create --name ops2 --description "second shift" --priv-level 20 --dry-run',
  ],
  api: WRITE_API,
  configure: (c) => fieldOptions(c, true),
  run: async (inv, _args, flags) => {
    const body: RoleBody = { name: flags.name!, description: flags.description!, privLevel: flags.privLevel! };
    if (flags.capability) body.capabilities = flags.capability;
    if (flags.dryRun)
      return previewWrite(inv, { method: 'POST', path: '/roles', body }, `Would create role ${body.name}`);
    const result = await createRole(await inv.client(), body);
    const r = result.response;
    return writeOutput(inv, result, `Created role ${r.name} (id ${r.id}), privilege level ${r.privLevel}`, r);
  },
};

const updateVerb: VerbSpec<FieldFlags> = {
  name: 'update <id|name>',
  description: 'Change some fields of a role (admin role; API 1.3+); the others keep their values',
  examples: ['cdnctl roles update auditor --description "reads and reports"', 'cdnctl roles update 5 --priv-level 15'],
  api: WRITE_API,
  configure: (c) => fieldOptions(c, false),
  run: async (inv, [ref]: string[], flags) => {
    const { dryRun, ...fields } = flags;
    if (Object.values(fields).every((v) => v === undefined))
      throw new CliError(
        'nothing to update: give at least one field flag',
        EXIT.USAGE,
        'see: cdnctl roles update --help',
      );
    const http = await inv.client();
    const role = await findRole(http, ref);
    const body: RoleBody = {
      name: fields.name ?? role.name,
      description: fields.description ?? role.description,
      privLevel: fields.privLevel ?? role.privLevel,
    };
    if (fields.capability) body.capabilities = fields.capability;
    const label = `role ${role.name} (id ${role.id})`;
    if (dryRun)
      return previewWrite(inv, { method: 'PUT', path: `/roles?id=${role.id}`, body }, `Would update ${label}`);
    const result = await updateRole(http, role.id, body);
    return writeOutput(inv, result, `Updated ${label}`, result.response);
  },
};

const deleteVerb: VerbSpec<DestructiveFlags> = {
  name: 'delete <id|name>',
  description: 'Delete a role no user has (admin role; API 1.3+); asks first on a terminal, needs --yes elsewhere',
  examples: ['cdnctl roles delete auditor', 'cdnctl roles delete 5 --yes', 'cdnctl roles delete auditor --dry-run'],
  api: WRITE_API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [ref]: string[], flags) => {
    const http = await inv.client();
    const role = await findRole(http, ref);
    const label = `role ${role.name} (id ${role.id})`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, delete: role }, `Would delete ${label}`);
    }
    await confirmDestructive(inv.printer, { description: `delete ${label}`, typeToConfirm: role.name }, flags);
    return writeOutput(inv, await deleteRole(http, role.id), `Deleted ${label}`);
  },
};

/** `cdnctl roles list|get|create|update|delete`. */
export function registerRoles(program: Command): void {
  const roles = addNoun(program, 'roles', 'Roles: privilege levels and capabilities of users', ['cdnctl roles list']);
  for (const verb of [listVerb, getVerb, createVerb, updateVerb, deleteVerb]) addVerb(roles, verb as VerbSpec<object>);
}
