import type { Command } from 'commander';
import { listRoles, type Role } from '../../shared/client/roles.js';
import { tableOutput, type Column } from '../output/format.js';
import { addNoun, addVerb } from './common/verb.js';

const COLUMNS: Column<Role>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'NAME', value: (r) => r.name },
  { header: 'PRIV LEVEL', value: (r) => r.privLevel },
  { header: 'DESCRIPTION', value: (r) => r.description },
];

/** `cdnctl roles list`. */
export function registerRoles(program: Command): void {
  const roles = addNoun(program, 'roles', 'Roles (read-only)', ['cdnctl roles list']);
  addVerb<{ name?: string }>(roles, {
    name: 'list',
    description: 'List the roles and their privilege levels',
    examples: ['cdnctl roles list', 'cdnctl roles list -o json'],
    api: { min: '1.1' },
    configure: (c) => c.option('--name <name>', 'only this role'),
    run: async (inv, _args, flags) => {
      const { response } = await listRoles(await inv.client(), { name: flags.name });
      return tableOutput(response, response, COLUMNS, 'No roles found.');
    },
  });
}
