import type { Row } from './snapshot-upsert.js';
import type {
  AsnModel,
  DivisionModel,
  KnownRecords,
  PhysLocationModel,
  RegionModel,
  SectionName,
  SnapshotModel,
  SnapshotWrite,
  StatusModel,
  TypeModel,
} from './snapshot-types.js';

/*
 * The topology's small tables in a snapshot (issue 30) as both stores read and write them: the same SQL (quoted
 * aliases, `?` placeholders the PostgreSQL adapter numbers) and the same row descriptions, so the two answer alike.
 * Rows are sorted here, by code unit, rather than by each database's collation.
 */

export const SNAP_PLACE_SQL = {
  types: 'SELECT name, description, use_in_table AS "useInTable" FROM types',
  statuses: 'SELECT name, description FROM statuses',
  divisions: 'SELECT name FROM divisions',
  regions: 'SELECT r.name, d.name AS "divisionName" FROM regions r JOIN divisions d ON d.id = r.division_id',
  physLocations: `SELECT l.name, l.short_name AS "shortName", l.address, l.city, l.state, l.zip, l.poc, l.phone,
      l.email, l.comments, r.name AS region FROM phys_locations l JOIN regions r ON r.id = l.region_id`,
  asns: 'SELECT a.asn, c.name AS cachegroup FROM asns a JOIN cachegroups c ON c.id = a.cachegroup_id',
} as const;

export const SNAP_KNOWN_SQL = {
  physLocations: 'SELECT name, short_name AS "shortName" FROM phys_locations',
  serverAddresses: `SELECT s.id, s.host_name AS "hostName", s.ip_address AS "ipAddress", p.name AS profile
      FROM servers s JOIN profiles p ON p.id = s.profile_id`,
  profileIds: 'SELECT id, name FROM profiles',
} as const;

export type PlaceSection = keyof typeof SNAP_PLACE_SQL;

export interface PlaceRows {
  types: TypeModel[];
  statuses: StatusModel[];
  divisions: DivisionModel[];
  regions: RegionModel[];
  physLocations: PhysLocationModel[];
  asns: Array<Omit<AsnModel, 'asn'> & { asn: number | string }>;
}

const byText =
  <T>(...keys: Array<(r: T) => string>) =>
  (a: T, b: T): number => {
    for (const key of keys) {
      const x = key(a);
      const y = key(b);
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };

/** The sections as a snapshot carries them, in the export's fixed order. */
export function placeModels(rows: PlaceRows): Pick<SnapshotModel, PlaceSection> {
  const name = (r: { name: string }) => r.name;
  return {
    types: [...rows.types].sort(byText<TypeModel>((r) => r.useInTable, name)),
    statuses: [...rows.statuses].sort(byText(name)),
    divisions: [...rows.divisions].sort(byText(name)),
    regions: [...rows.regions].sort(byText(name)),
    physLocations: [...rows.physLocations].sort(byText(name)),
    asns: rows.asns.map((a) => ({ asn: Number(a.asn), cachegroup: a.cachegroup })).sort((a, b) => a.asn - b.asn),
  };
}

/** KnownRecords' issue-30 part from its rows. */
export function knownPlaces(
  rows: Pick<PlaceRows, 'types' | 'statuses' | 'divisions' | 'regions'>,
  physLocations: Array<{ name: string; shortName: string }>,
  servers: Array<{ id: number; hostName: string; ipAddress: string | null; profile: string }>,
  profiles: Array<{ id: number; name: string }>,
): Pick<
  KnownRecords,
  'divisions' | 'regions' | 'statuses' | 'physLocations' | 'types' | 'serverAddresses' | 'profileIds'
> {
  const names = (list: Array<{ name: string }>) => new Set(list.map((r) => r.name));
  return {
    divisions: names(rows.divisions),
    regions: names(rows.regions),
    statuses: names(rows.statuses),
    physLocations: new Map(physLocations.map((l) => [l.name, l.shortName])),
    types: new Set(rows.types.map((t) => `${t.useInTable}/${t.name}`)),
    serverAddresses: new Map(servers.map((s) => [s.hostName, { ...s, id: Number(s.id) }])),
    profileIds: new Map(profiles.map((p) => [p.name, Number(p.id)])),
  };
}

/** A reference a row makes by name, resolved to an id when written. */
export interface PlaceRef {
  column: string;
  table: string;
  name: string;
}

/** How one section's records are written: the table, its natural key and columns, each record's values. */
export interface PlaceWriteSpec {
  section: SectionName & PlaceSection;
  table: string;
  keys: readonly string[];
  columns: readonly string[];
  rows(snap: SnapshotWrite): Array<{ values: Row; ref: PlaceRef | null }>;
}

const ref = (column: string, table: string, name: string): PlaceRef => ({ column, table, name });

/** Sections written before the cache groups (which use types), in their order. */
export const PLACES_BEFORE_CACHEGROUPS: readonly PlaceWriteSpec[] = [
  {
    section: 'types',
    table: 'types',
    keys: ['name', 'use_in_table'],
    columns: ['name', 'description', 'use_in_table'],
    rows: (snap) =>
      snap.types.map((t) => ({
        values: { name: t.name, description: t.description, use_in_table: t.useInTable },
        ref: null,
      })),
  },
  {
    section: 'statuses',
    table: 'statuses',
    keys: ['name'],
    columns: ['name', 'description'],
    rows: (snap) => snap.statuses.map((x) => ({ values: { name: x.name, description: x.description }, ref: null })),
  },
  {
    section: 'divisions',
    table: 'divisions',
    keys: ['name'],
    columns: ['name'],
    rows: (snap) => snap.divisions.map((x) => ({ values: { name: x.name }, ref: null })),
  },
  {
    section: 'regions',
    table: 'regions',
    keys: ['name'],
    columns: ['name', 'division_id'],
    rows: (snap) =>
      snap.regions.map((x) => ({ values: { name: x.name }, ref: ref('division_id', 'divisions', x.divisionName) })),
  },
  {
    section: 'physLocations',
    table: 'phys_locations',
    keys: ['name'],
    columns: [
      'name',
      'short_name',
      'address',
      'city',
      'state',
      'zip',
      'poc',
      'phone',
      'email',
      'comments',
      'region_id',
    ],
    rows: (snap) =>
      snap.physLocations.map((x) => ({
        values: {
          name: x.name,
          short_name: x.shortName,
          address: x.address,
          city: x.city,
          state: x.state,
          zip: x.zip,
          poc: x.poc,
          phone: x.phone,
          email: x.email,
          comments: x.comments,
        },
        ref: ref('region_id', 'regions', x.region),
      })),
  },
];

/** Sections written after the cache groups (they refer to them). */
export const PLACES_AFTER_CACHEGROUPS: readonly PlaceWriteSpec[] = [
  {
    section: 'asns',
    table: 'asns',
    keys: ['asn'],
    columns: ['asn', 'cachegroup_id'],
    rows: (snap) =>
      snap.asns.map((x) => ({ values: { asn: x.asn }, ref: ref('cachegroup_id', 'cachegroups', x.cachegroup) })),
  },
];

/** KnownRecords' issue-30 part of a database without any of these rows (tests build KnownRecords by hand). */
export const noKnownPlaces = () => knownPlaces({ types: [], statuses: [], divisions: [], regions: [] }, [], [], []);
