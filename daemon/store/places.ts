import type {
  AsnFields,
  CoordinateFields,
  DivisionFields,
  PhysLocationFields,
  RegionFields,
  StatusFields,
  TypeFields,
} from '../../shared/rules/places.js';
import type { Change } from './change-log.js';

/**
 * The topology's small tables (issue 30): divisions, regions, physical locations, coordinates, types, statuses
 * and ASNs. Each is read whole (they hold tens of rows) and written one row at a time; both adapters run the same
 * table descriptions below, so they answer alike.
 */

export interface Division {
  id: number;
  name: string;
  lastUpdated: number;
}

export interface Region {
  id: number;
  name: string;
  division: number;
  divisionName: string;
  lastUpdated: number;
}

export interface PhysLocation {
  id: number;
  name: string;
  shortName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  poc: string | null;
  phone: string | null;
  email: string | null;
  comments: string | null;
  regionId: number;
  region: string;
  lastUpdated: number;
}

export interface Coordinate {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  lastUpdated: number;
}

export interface TypeRecord {
  id: number;
  name: string;
  description: string;
  useInTable: string;
  lastUpdated: number;
}

export interface Status {
  id: number;
  name: string;
  description: string | null;
  lastUpdated: number;
}

export interface Asn {
  id: number;
  asn: number;
  cachegroupId: number;
  cachegroup: string;
  lastUpdated: number;
}

export type { AsnFields, CoordinateFields, DivisionFields, PhysLocationFields, RegionFields, StatusFields, TypeFields };

/** A write's outcome: done, no such row, a unique key another row holds, or a row that refers to this one. */
export type PlaceWrite =
  | { ok: true; id: number }
  | { ok: false; missing: true }
  | { ok: false; taken: string }
  | { ok: false; usedBy: string; changing?: string };

export interface PlaceTable<R, F> {
  /** Every row, in the table's default order. */
  list(): Promise<R[]>;
  get(id: number): Promise<R | null>;
  insert(fields: F, now: number, change?: Change<PlaceWrite>): Promise<PlaceWrite>;
  update(id: number, fields: F, now: number, change?: Change<PlaceWrite>): Promise<PlaceWrite>;
  delete(id: number, change?: Change<PlaceWrite>): Promise<PlaceWrite>;
}

export interface PlaceStore {
  divisions: PlaceTable<Division, DivisionFields>;
  regions: PlaceTable<Region, RegionFields>;
  physLocations: PlaceTable<PhysLocation, PhysLocationFields>;
  coordinates: PlaceTable<Coordinate, CoordinateFields>;
  types: PlaceTable<TypeRecord, TypeFields>;
  statuses: PlaceTable<Status, StatusFields>;
  asns: PlaceTable<Asn, AsnFields>;
  /** The parameters of one config file (`global`, `mkisofs`), whatever profiles hold them; by name, then id. */
  parametersOf(configFile: string): Promise<ConfigParameter[]>;
}

export interface ConfigParameter {
  name: string;
  value: string;
  secure: boolean;
}

/** SELECT of parametersOf (`?`: the config file). */
export const PARAMETERS_OF = `SELECT name, value, secure FROM parameters WHERE config_file = ? ORDER BY name, id`;

/** A check that refuses a write while other rows depend on the row: SQL with `?` for the id (and the new row). */
export interface Guard {
  /** The referring table's Traffic Ops name, for `cannot delete <t> because it is being used by a/an <u>`. */
  usedBy: string;
  sql: string;
}

/**
 * One table as both adapters run it. `select` names its columns as the record's fields (quoted aliases), so a
 * row is a record once its numbers are numbers. `?` placeholders; the PostgreSQL adapter numbers them.
 */
export interface PlaceSpec<F> {
  table: string;
  select: string;
  /** ORDER BY, and whether it is by text (PostgreSQL then sorts bytes, as SQLite does). */
  order: string;
  orderIsText: boolean;
  /** Column → value of the writable columns. */
  columns(fields: F): Record<string, string | number | null>;
  /** The column sets no two rows may share, each named as Traffic Ops' error names it (`name`, `asn`). */
  unique: readonly { columns: readonly string[]; label: string }[];
  /** Rows that keep this one from being deleted. */
  deleteGuards: readonly Guard[];
  /** Rows that keep this one from being changed so (SQL with `?` for the id, then `?` for each `guardFields`). */
  updateGuards?: readonly (Guard & { fields: readonly string[] })[];
}

const usedBy = (usedBy: string, table: string, column: string): Guard => ({
  usedBy,
  sql: `SELECT 1 FROM ${table} WHERE ${column} = ? LIMIT 1`,
});

export const DIVISION_SPEC: PlaceSpec<DivisionFields> = {
  table: 'divisions',
  select: 'SELECT t.id AS "id", t.name AS "name", t.last_updated AS "lastUpdated" FROM divisions t',
  order: 't.name',
  orderIsText: true,
  columns: (f) => ({ name: f.name }),
  unique: [{ columns: ['name'], label: 'name' }],
  deleteGuards: [usedBy('region', 'regions', 'division_id')],
};

export const REGION_SPEC: PlaceSpec<RegionFields> = {
  table: 'regions',
  select: `SELECT t.id AS "id", t.name AS "name", t.division_id AS "division", d.name AS "divisionName",
      t.last_updated AS "lastUpdated" FROM regions t JOIN divisions d ON d.id = t.division_id`,
  order: 't.name',
  orderIsText: true,
  columns: (f) => ({ name: f.name, division_id: f.division }),
  unique: [{ columns: ['name'], label: 'name' }],
  deleteGuards: [usedBy('phys_location', 'phys_locations', 'region_id')],
};

export const PHYS_LOCATION_SPEC: PlaceSpec<PhysLocationFields> = {
  table: 'phys_locations',
  select: `SELECT t.id AS "id", t.name AS "name", t.short_name AS "shortName", t.address AS "address",
      t.city AS "city", t.state AS "state", t.zip AS "zip", t.poc AS "poc", t.phone AS "phone", t.email AS "email",
      t.comments AS "comments", t.region_id AS "regionId", r.name AS "region", t.last_updated AS "lastUpdated"
    FROM phys_locations t JOIN regions r ON r.id = t.region_id`,
  order: 't.name',
  orderIsText: true,
  columns: (f) => ({
    name: f.name,
    short_name: f.shortName,
    address: f.address,
    city: f.city,
    state: f.state,
    zip: f.zip,
    poc: f.poc,
    phone: f.phone,
    email: f.email,
    comments: f.comments,
    region_id: f.regionId,
  }),
  unique: [
    { columns: ['name'], label: 'name' },
    { columns: ['short_name'], label: 'short_name' },
  ],
  deleteGuards: [usedBy('server', 'servers', 'phys_location_id')],
};

export const COORDINATE_SPEC: PlaceSpec<CoordinateFields> = {
  table: 'coordinates',
  select: `SELECT t.id AS "id", t.name AS "name", t.latitude AS "latitude", t.longitude AS "longitude",
      t.last_updated AS "lastUpdated" FROM coordinates t`,
  order: 't.name',
  orderIsText: true,
  columns: (f) => ({ name: f.name, latitude: f.latitude, longitude: f.longitude }),
  unique: [{ columns: ['name'], label: 'name' }],
  deleteGuards: [usedBy('cachegroup', 'cachegroups', 'coordinate_id'), usedBy('origin', 'origins', 'coordinate_id')],
};

export const TYPE_SPEC: PlaceSpec<TypeFields> = {
  table: 'types',
  select: `SELECT t.id AS "id", t.name AS "name", t.description AS "description", t.use_in_table AS "useInTable",
      t.last_updated AS "lastUpdated" FROM types t`,
  order: 't.name',
  orderIsText: true,
  columns: (f) => ({ name: f.name, description: f.description, use_in_table: f.useInTable }),
  unique: [{ columns: ['name', 'use_in_table'], label: 'name, use_in_table' }],
  deleteGuards: [
    usedBy('cachegroup', 'cachegroups', 'type_id'),
    usedBy('deliveryservice', 'deliveryservices', 'type_id'),
    usedBy('server', 'servers', 'type_id'),
    usedBy('to_extension', 'to_extensions', 'type_id'),
  ],
  // Servers, cache groups and delivery services are read by their type's table: a used type keeps its table.
  updateGuards: [
    {
      usedBy: 'cachegroup, deliveryservice, server or to_extension',
      fields: ['use_in_table'],
      sql: `SELECT 1 FROM types t WHERE t.id = ? AND t.use_in_table <> ? AND (
          EXISTS (SELECT 1 FROM cachegroups WHERE type_id = t.id) OR EXISTS (SELECT 1 FROM deliveryservices WHERE type_id = t.id)
          OR EXISTS (SELECT 1 FROM servers WHERE type_id = t.id) OR EXISTS (SELECT 1 FROM to_extensions WHERE type_id = t.id))`,
    },
  ],
};

/** Servers hold their status by name: a status in use can be neither deleted nor renamed (BEHAVIOR.md). */
const SERVERS_OF_STATUS = 'SELECT 1 FROM servers s JOIN statuses st ON st.name = s.status WHERE st.id = ?';

export const STATUS_SPEC: PlaceSpec<StatusFields> = {
  table: 'statuses',
  select: `SELECT t.id AS "id", t.name AS "name", t.description AS "description", t.last_updated AS "lastUpdated"
    FROM statuses t`,
  order: 't.name',
  orderIsText: true,
  columns: (f) => ({ name: f.name, description: f.description }),
  unique: [{ columns: ['name'], label: 'name' }],
  deleteGuards: [{ usedBy: 'server', sql: `${SERVERS_OF_STATUS} LIMIT 1` }],
  updateGuards: [{ usedBy: 'server', fields: ['name'], sql: `${SERVERS_OF_STATUS} AND st.name <> ? LIMIT 1` }],
};

export const ASN_SPEC: PlaceSpec<AsnFields> = {
  table: 'asns',
  select: `SELECT t.id AS "id", t.asn AS "asn", t.cachegroup_id AS "cachegroupId", c.name AS "cachegroup",
      t.last_updated AS "lastUpdated" FROM asns t JOIN cachegroups c ON c.id = t.cachegroup_id`,
  order: 't.asn',
  orderIsText: false,
  columns: (f) => ({ asn: f.asn, cachegroup_id: f.cachegroupId }),
  unique: [{ columns: ['asn'], label: 'asn' }],
  deleteGuards: [],
};

/** Every table, by the PlaceStore key that serves it. */
export const PLACE_SPECS = {
  divisions: DIVISION_SPEC,
  regions: REGION_SPEC,
  physLocations: PHYS_LOCATION_SPEC,
  coordinates: COORDINATE_SPEC,
  types: TYPE_SPEC,
  statuses: STATUS_SPEC,
  asns: ASN_SPEC,
} as const;
