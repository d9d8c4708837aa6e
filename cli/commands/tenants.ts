import type { Command } from 'commander';
import { listTenants, type Tenant } from '../../shared/client/tenants.js';
import { tableOutput, type Column } from '../output/format.js';
import { addNoun, addVerb } from './common/verb.js';

const COLUMNS: Column<Tenant>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'NAME', value: (t) => t.name },
  { header: 'PARENT', value: (t) => t.parentName },
  { header: 'ACTIVE', value: (t) => t.active },
  { header: 'LAST UPDATED', value: (t) => t.lastUpdated, wide: true },
];

/** `cdnctl tenants list`. */
export function registerTenants(program: Command): void {
  const tenants = addNoun(program, 'tenants', 'Tenants (read-only)', ['cdnctl tenants list']);
  addVerb<{ name?: string }>(tenants, {
    name: 'list',
    description: 'List your tenant and the tenants under it',
    examples: ['cdnctl tenants list', 'cdnctl tenants list -o yaml'],
    api: { min: '1.1' },
    configure: (c) => c.option('--name <name>', 'only this tenant'),
    run: async (inv, _args, flags) => {
      const { response } = await listTenants(await inv.client(), { name: flags.name });
      return tableOutput(response, response, COLUMNS, 'No tenants found.');
    },
  });
}
