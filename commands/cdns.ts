import type { Command } from 'commander';
import { listCdns, type Cdn } from '../src/client/cdns.js';
import { tableOutput, type Column } from '../src/output/format.js';
import { addNoun, addVerb } from './common/verb.js';

const COLUMNS: Column<Cdn>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'NAME', value: (c) => c.name },
  { header: 'DOMAIN', value: (c) => c.domainName },
  { header: 'DNSSEC', value: (c) => c.dnssecEnabled },
  { header: 'LAST UPDATED', value: (c) => c.lastUpdated, wide: true },
];

/** `cdnctl cdns list`. */
export function registerCdns(program: Command): void {
  const cdns = addNoun(program, 'cdns', 'CDNs (read-only)', ['cdnctl cdns list']);
  addVerb<{ name?: string }>(cdns, {
    name: 'list',
    description: 'List the CDNs',
    examples: ['cdnctl cdns list', 'cdnctl cdns list --name cdn1 -o json'],
    api: { min: '1.1' },
    configure: (c) => c.option('--name <name>', 'only this CDN'),
    run: async (inv, _args, flags) => {
      const { response } = await listCdns(await inv.client(), { name: flags.name });
      return tableOutput(response, response, COLUMNS, 'No CDNs found.');
    },
  });
}
