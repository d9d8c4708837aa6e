import type { Command } from 'commander';
import type { Division, PhysLocation, Region, Status, TypeInfo } from '../../../shared/client/places.js';
import type { Column } from '../../output/format.js';
import { addNoun } from '../common/verb.js';
import { addTableNoun, placeId, type FieldSpec, type TableSpec } from './table-verbs.js';

const name = (what: string, required = true): FieldSpec => ({
  flag: 'name',
  key: 'name',
  description: `${what} name`,
  required,
});
const updated = <R extends { lastUpdated: string }>(): Column<R> => ({
  header: 'LAST UPDATED',
  value: (r) => r.lastUpdated,
  wide: true,
});

const DIVISION_COLUMNS: Column<Division>[] = [
  { header: 'ID', value: (d) => d.id },
  { header: 'NAME', value: (d) => d.name },
  updated(),
];
const REGION_COLUMNS: Column<Region>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'NAME', value: (r) => r.name },
  { header: 'DIVISION', value: (r) => r.divisionName },
  updated(),
];
const LOCATION_COLUMNS: Column<PhysLocation>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'NAME', value: (p) => p.name },
  { header: 'SHORT NAME', value: (p) => p.shortName },
  { header: 'REGION', value: (p) => p.region },
  { header: 'CITY', value: (p) => p.city },
  { header: 'STATE', value: (p) => p.state },
  { header: 'ADDRESS', value: (p) => p.address, wide: true },
  { header: 'ZIP', value: (p) => p.zip, wide: true },
  { header: 'POC', value: (p) => p.poc, wide: true },
  { header: 'PHONE', value: (p) => p.phone, wide: true },
  { header: 'EMAIL', value: (p) => p.email, wide: true },
  updated(),
];
const TYPE_COLUMNS: Column<TypeInfo>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'NAME', value: (t) => t.name },
  { header: 'TABLE', value: (t) => t.useInTable },
  { header: 'DESCRIPTION', value: (t) => t.description },
  updated(),
];
const STATUS_COLUMNS: Column<Status>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'NAME', value: (s) => s.name },
  { header: 'DESCRIPTION', value: (s) => s.description },
  updated(),
];

const text = (flag: string, description: string, required: boolean, key = flag): FieldSpec => ({
  flag,
  key,
  description,
  required,
});

const DIVISIONS_CLI: TableSpec<Division> = {
  command: 'divisions',
  what: 'division',
  whats: 'divisions',
  description: 'Divisions: the largest areas, holding regions',
  path: 'divisions',
  columns: DIVISION_COLUMNS,
  fields: [name('division')],
  usage: 'cdnctl locations divisions',
  example: { name: 'west' },
};

const REGIONS_CLI: TableSpec<Region> = {
  command: 'regions',
  what: 'region',
  whats: 'regions',
  description: 'Regions of a division, holding physical locations',
  path: 'regions',
  columns: REGION_COLUMNS,
  fields: [
    name('region'),
    {
      flag: 'division',
      key: 'division',
      description: 'division it is in (name or id)',
      required: true,
      resolve: (http, ref) => placeId(http, 'divisions', 'division', ref),
    },
  ],
  usage: 'cdnctl locations regions',
  example: { name: 'mountain', division: 'west' },
};

const LOCATIONS_CLI: TableSpec<PhysLocation> = {
  command: 'phys-locations',
  what: 'physical location',
  whats: 'physical locations',
  description: 'Physical locations (data centers) of a region, where servers stand',
  path: 'phys_locations',
  columns: LOCATION_COLUMNS,
  fields: [
    name('location'),
    text('short-name', 'short name', true, 'shortName'),
    {
      flag: 'region',
      key: 'regionId',
      description: 'region it is in (name or id)',
      required: true,
      resolve: (http, ref) => placeId(http, 'regions', 'region', ref),
    },
    text('address', 'street address', true),
    text('city', 'city', true),
    text('state', 'state or province', true),
    text('zip', 'postal code', true),
    text('poc', 'point of contact', false),
    text('phone', 'phone number', false),
    text('email', 'email address', false),
    text('comments', 'comments', false),
  ],
  usage: 'cdnctl locations phys-locations',
  example: {
    name: 'denver-1',
    'short-name': 'den1',
    region: 'mountain',
    address: '1 Main St',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
  },
};

/** `cdnctl locations divisions|regions|phys-locations list|get|create|update|delete` (issue 30). */
export function registerLocations(program: Command): void {
  const locations = addNoun(program, 'locations', 'Where caches are: divisions, their regions, physical locations', [
    'cdnctl locations divisions list',
    'cdnctl locations regions create --name mountain --division west',
    'cdnctl locations phys-locations list -o wide',
  ]);
  addTableNoun(locations, DIVISIONS_CLI);
  addTableNoun(locations, REGIONS_CLI);
  addTableNoun(locations, LOCATIONS_CLI);
}

/** `cdnctl types list|get|create|update|delete` (issue 30). */
export function registerTypes(program: Command): void {
  addTableNoun(program, {
    command: 'types',
    what: 'type',
    whats: 'types',
    description: 'Types of servers, cache groups, delivery services and the like',
    path: 'types',
    columns: TYPE_COLUMNS,
    fields: [
      name('type'),
      text('description', 'what it is for', true),
      text('use-in-table', 'the table it types: server, cachegroup, deliveryservice, …', true, 'useInTable'),
    ],
    usage: 'cdnctl types',
    example: { name: 'EDGE_LARGE', description: 'large edge caches', 'use-in-table': 'server' },
  });
}

/** `cdnctl statuses list|get|create|update|delete` (issue 30). */
export function registerStatuses(program: Command): void {
  addTableNoun(program, {
    command: 'statuses',
    what: 'status',
    whats: 'statuses',
    description: 'The statuses a server may have (ONLINE, REPORTED, …)',
    path: 'statuses',
    columns: STATUS_COLUMNS,
    fields: [name('status'), text('description', 'what it means', false)],
    usage: 'cdnctl statuses',
    example: { name: 'MAINTENANCE', description: 'down for maintenance' },
  });
}
