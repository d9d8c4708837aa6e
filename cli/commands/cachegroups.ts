import type { Command } from 'commander';
import { listCachegroups, type Cachegroup } from '../../shared/client/servers.js';
import { tableOutput, type Column } from '../output/format.js';
import { addNoun, addVerb } from './common/verb.js';

const COLUMNS: Column<Cachegroup>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'NAME', value: (c) => c.name },
  { header: 'SHORT NAME', value: (c) => c.shortName },
  { header: 'TYPE', value: (c) => c.typeName },
  { header: 'PARENT', value: (c) => c.parentCachegroupName },
  { header: 'SECONDARY PARENT', value: (c) => c.secondaryParentCachegroupName, wide: true },
  { header: 'LATITUDE', value: (c) => c.latitude, wide: true },
  { header: 'LONGITUDE', value: (c) => c.longitude, wide: true },
];

/** `cdnctl cachegroups list`. */
export function registerCachegroups(program: Command): void {
  const groups = addNoun(program, 'cachegroups', 'Cache groups: the MID and EDGE tiers (read-only)', [
    'cdnctl cachegroups list',
  ]);
  addVerb<{ name?: string }>(groups, {
    name: 'list',
    description: 'List the cache groups with their parents',
    examples: ['cdnctl cachegroups list', 'cdnctl cachegroups list -o json'],
    api: { min: '1.1' },
    configure: (c) => c.option('--name <name>', 'only this cache group'),
    run: async (inv, _args, flags) => {
      const { response } = await listCachegroups(await inv.client(), { name: flags.name });
      return tableOutput(response, response, COLUMNS, 'No cache groups found.');
    },
  });
}
