import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import type { HttpClient } from '../../shared/client/http.js';
import {
  createCachegroup,
  deleteCachegroup,
  updateCachegroup,
  type CachegroupBody,
} from '../../shared/client/cachegroups.js';
import { listPlaces, type TypeInfo } from '../../shared/client/places.js';
import { listCachegroups, listServers, type Cachegroup } from '../../shared/client/servers.js';
import { messageOutput, recordOutput, tableOutput, type Column } from '../output/format.js';
import { cachegroupTree, drawTree } from './cachegroup-tree.js';
import { asId, collect } from './common/parse.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';
import { writeOutput } from './common/write.js';

const API = { min: '1.1' } as const;

const COLUMNS: Column<Cachegroup>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'NAME', value: (c) => c.name },
  { header: 'SHORT NAME', value: (c) => c.shortName },
  { header: 'TYPE', value: (c) => c.typeName },
  { header: 'PARENT', value: (c) => c.parentCachegroupName },
  { header: 'SECONDARY PARENT', value: (c) => c.secondaryParentCachegroupName, wide: true },
  { header: 'LATITUDE', value: (c) => c.latitude, wide: true },
  { header: 'LONGITUDE', value: (c) => c.longitude, wide: true },
  { header: 'FALLBACKS', value: (c) => c.fallbacks.join(','), wide: true },
  { header: 'LOCALIZATION', value: (c) => c.localizationMethods.join(','), wide: true },
];

async function allGroups(http: HttpClient): Promise<Cachegroup[]> {
  return (await listCachegroups(http)).response;
}

/** The group an id or name names, among `groups`. */
function findIn(groups: Cachegroup[], ref: string): Cachegroup {
  const id = asId(ref);
  const group = groups.find((g) => (id === null ? g.name === ref : g.id === id));
  if (!group)
    throw new CliError(`cache group "${ref}" not found`, EXIT.ERROR, 'list them with: cdnctl cachegroups list');
  return group;
}

/** A cache-group type id by id or name (a name is looked up among the types whose useInTable is cachegroup). */
async function typeIdOf(http: HttpClient, ref: string): Promise<number> {
  const id = asId(ref);
  if (id !== null) return id;
  const { response } = await listPlaces<TypeInfo>(http, 'types', { useInTable: 'cachegroup' });
  const type = response.find((t) => t.name === ref);
  if (!type)
    throw new CliError(
      `no cache group type is named "${ref}"`,
      EXIT.ERROR,
      'list them with: cdnctl types list --filter useInTable=cachegroup',
    );
  return type.id;
}

interface FieldFlags {
  name?: string;
  shortName?: string;
  type?: string;
  parent?: string;
  secondaryParent?: string;
  latitude?: number;
  longitude?: number;
  fallback?: string[];
  localization?: string[];
  fallbackToClosest?: boolean;
}

const float = (text: string) => {
  const n = Number(text);
  if (!Number.isFinite(n)) throw new CliError(`"${text}" is not a number`, EXIT.USAGE);
  return n;
};

function fieldOptions(command: Command, create: boolean): Command {
  if (create)
    command
      .requiredOption('--name <name>', 'cache group name')
      .requiredOption('--short-name <name>', 'short name')
      .requiredOption('--type <name|id>', 'EDGE_LOC, MID_LOC, ORG_LOC…');
  else
    command
      .option('--name <name>', 'new name')
      .option('--short-name <name>', 'short name')
      .option('--type <name|id>', 'type');
  return command
    .option('--parent <name|id>', 'parent cache group ("" for none)')
    .option('--secondary-parent <name|id>', 'secondary parent cache group ("" for none)')
    .option('--latitude <deg>', 'latitude (with --longitude)', float)
    .option('--longitude <deg>', 'longitude (with --latitude)', float)
    .option('--fallback <name>', 'a fallback EDGE_LOC group (repeat, in order)', collect)
    .option('--localization <method>', 'CZ, DEEP_CZ or GEO (repeat)', collect)
    .option('--no-fallback-to-closest', 'do not fall back to the closest group');
}

const refOrNull = (groups: Cachegroup[], ref: string | undefined, current: number | null) =>
  ref === undefined ? current : ref === '' ? null : findIn(groups, ref).id;

/** The body: the group's current fields (none for a new one), with the flags given applied. */
function bodyOf(groups: Cachegroup[], flags: FieldFlags, current: Cachegroup | null, typeId?: number): CachegroupBody {
  return {
    name: flags.name ?? current?.name,
    shortName: flags.shortName ?? current?.shortName,
    typeId: typeId ?? current?.typeId,
    parentCachegroupId: refOrNull(groups, flags.parent, current?.parentCachegroupId ?? null),
    secondaryParentCachegroupId: refOrNull(groups, flags.secondaryParent, current?.secondaryParentCachegroupId ?? null),
    latitude: flags.latitude ?? current?.latitude ?? null,
    longitude: flags.longitude ?? current?.longitude ?? null,
    fallbacks: flags.fallback ?? current?.fallbacks ?? [],
    localizationMethods: flags.localization ?? current?.localizationMethods ?? [],
    fallbackToClosest: flags.fallbackToClosest === false ? false : (current?.fallbackToClosest ?? true),
  };
}

const listVerb: VerbSpec<{ name?: string }> = {
  name: 'list',
  description: 'List the cache groups with their parents',
  examples: [
    'cdnctl cachegroups list',
    'cdnctl cachegroups list -o json',
    'cdnctl cachegroups list --filter typeName=EDGE_LOC',
  ],
  api: API,
  configure: (c) => c.option('--name <name>', 'only this cache group'),
  run: async (inv, _args, flags) => {
    const { response } = await listCachegroups(await inv.client(), { name: flags.name });
    return tableOutput(response, response, COLUMNS, 'No cache groups found.');
  },
};

const getVerb: VerbSpec<object> = {
  name: 'get <id|name>',
  description: 'Show one cache group',
  examples: ['cdnctl cachegroups get edge-cg1', 'cdnctl cachegroups get 3 -o yaml'],
  api: API,
  run: async (inv, [ref]: string[]) => {
    const group = findIn(await allGroups(await inv.client()), ref);
    return recordOutput([group], Object.entries(group));
  },
};

const createVerb: VerbSpec<FieldFlags> = {
  name: 'create',
  description: 'Create a cache group (admin or operations role)',
  examples: ['cdnctl cachegroups create --name edge-den --short-name den --type EDGE_LOC --parent mid-east'],
  api: API,
  configure: (c) => fieldOptions(c, true),
  run: async (inv, _args, flags) => {
    const http = await inv.client();
    const typeId = await typeIdOf(http, flags.type as string);
    const result = await createCachegroup(http, bodyOf(await allGroups(http), flags, null, typeId));
    const g = result.response;
    return writeOutput(inv, result, `Created cache group ${g.name} (id ${g.id})`, g);
  },
};

const updateVerb: VerbSpec<FieldFlags> = {
  name: 'update <id|name>',
  description: "Change some fields of a cache group; a new parent queues updates on its caches and its children's",
  examples: ['cdnctl cachegroups update edge-den --parent mid-west', 'cdnctl cachegroups update 4 --fallback edge-chi'],
  api: API,
  configure: (c) => fieldOptions(c, false),
  run: async (inv, [ref]: string[], flags) => {
    if (Object.values(flags).every((v) => v === undefined))
      throw new CliError(
        'nothing to update: give at least one field flag',
        EXIT.USAGE,
        'see: cdnctl cachegroups update --help',
      );
    const http = await inv.client();
    const groups = await allGroups(http);
    const current = findIn(groups, ref);
    const typeId = flags.type === undefined ? undefined : await typeIdOf(http, flags.type);
    const result = await updateCachegroup(http, current.id, bodyOf(groups, flags, current, typeId));
    return writeOutput(inv, result, `Updated cache group ${result.response.name} (id ${current.id})`, result.response);
  },
};

const deleteVerb: VerbSpec<DestructiveFlags> = {
  name: 'delete <id|name>',
  description: 'Delete an unused cache group; asks first on a terminal, needs --yes elsewhere',
  examples: [
    'cdnctl cachegroups delete edge-den',
    'cdnctl cachegroups delete 4 --yes',
    'cdnctl cachegroups delete edge-den --dry-run',
  ],
  api: API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [ref]: string[], flags) => {
    const http = await inv.client();
    const group = findIn(await allGroups(http), ref);
    const label = `cache group ${group.name} (id ${group.id})`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, delete: group }, `Would delete ${label}`);
    }
    await confirmDestructive(inv.printer, { description: `delete ${label}`, typeToConfirm: group.name }, flags);
    return writeOutput(inv, await deleteCachegroup(http, group.id), `Deleted ${label}`);
  },
};

const treeVerb: VerbSpec<object> = {
  name: 'tree',
  description: 'Draw the MID/EDGE hierarchy: each group under its parent, with its server count',
  examples: ['cdnctl cachegroups tree', 'cdnctl cachegroups tree -o json'],
  api: API,
  run: async (inv) => {
    const http = await inv.client();
    const counts = new Map<string, number>();
    for (const s of (await listServers(http)).response) counts.set(s.cachegroup, (counts.get(s.cachegroup) ?? 0) + 1);
    const roots = cachegroupTree(await allGroups(http), counts);
    return messageOutput(roots, roots.length === 0 ? 'No cache groups found.' : drawTree(roots));
  },
};

/** `cdnctl cachegroups list|get|create|update|delete|tree` (issue 30). */
export function registerCachegroups(program: Command): void {
  const groups = addNoun(program, 'cachegroups', 'Cache groups: the MID and EDGE tiers', ['cdnctl cachegroups tree']);
  for (const verb of [listVerb, getVerb, createVerb, updateVerb, deleteVerb, treeVerb])
    addVerb(groups, verb as VerbSpec<object>);
}
