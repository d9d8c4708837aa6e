import type { AppContext } from '../../context.js';
import { NotFound } from '../errors.js';
import {
  checkAsn,
  checkCoordinate,
  checkDivision,
  checkPhysLocation,
  checkRegion,
  checkStatus,
  checkType,
  type Checked,
} from '../../../shared/rules/places.js';
import type {
  Asn,
  AsnFields,
  Coordinate,
  CoordinateFields,
  Division,
  DivisionFields,
  PhysLocation,
  PhysLocationFields,
  PlaceStore,
  PlaceTable,
  Region,
  RegionFields,
  Status,
  StatusFields,
  TypeFields,
  TypeRecord,
} from '../../store/places.js';

/** How a GET list reads one query key: the record field it compares, and how the value parses. */
export interface Filter {
  field: string;
  kind: 'integer' | 'string';
}

/**
 * One of the topology's small tables as the API serves it (reference §3): Traffic Ops' type name `<t>` (alerts,
 * change log), its table name (error texts), its rules, filters and references.
 */
export interface PlaceResource<R, F> {
  /** `<t>` of the generic texts: `division was created.`, `no division found with this id`. */
  t: string;
  /** The table's name in Traffic Ops' errors: `cannot delete <table> because …`, `<table> name 'x' already exists.` */
  table: string;
  /** The store table. */
  of(places: PlaceStore): PlaceTable<R, F>;
  check(body: unknown): Checked<F>;
  filters: Readonly<Record<string, Filter>>;
  /** The change log's name of a record: its name (an ASN's number). */
  auditName(record: R): string;
  /** Throws 404 `<x> not found` when a field names a row that does not exist. */
  references?(ctx: AppContext, fields: F): Promise<void>;
  /** The text of a unique key another row holds (default: Traffic Ops' `<table> <cols> '<vals>' already exists.`). */
  taken?(label: string, fields: F, creating: boolean): string;
}

const ID: Filter = { field: 'id', kind: 'integer' };
const NAME: Filter = { field: 'name', kind: 'string' };

async function mustExist(found: Promise<unknown>, what: string): Promise<void> {
  if ((await found) === null) throw new NotFound(`${what} not found`);
}

export const DIVISIONS: PlaceResource<Division, DivisionFields> = {
  t: 'division',
  table: 'division',
  of: (p: PlaceStore) => p.divisions,
  check: checkDivision,
  filters: { id: ID, name: NAME },
  auditName: (r) => r.name,
  taken: (_label, f) => `division name '${f.name}' already exists.`,
};

export const REGIONS: PlaceResource<Region, RegionFields> = {
  t: 'region',
  table: 'region',
  of: (p: PlaceStore) => p.regions,
  check: checkRegion,
  filters: { id: ID, name: NAME, division: { field: 'division', kind: 'integer' } },
  auditName: (r) => r.name,
  references: (ctx, f) => mustExist(ctx.store.places.divisions.get(f.division), 'division'),
};

export const PHYS_LOCATIONS: PlaceResource<PhysLocation, PhysLocationFields> = {
  t: 'physLocation',
  table: 'phys_location',
  of: (p: PlaceStore) => p.physLocations,
  check: checkPhysLocation,
  filters: { id: ID, name: NAME, region: { field: 'regionId', kind: 'integer' } },
  auditName: (r) => r.name,
  references: (ctx, f) => mustExist(ctx.store.places.regions.get(f.regionId), 'region'),
};

export const COORDINATES: PlaceResource<Coordinate, CoordinateFields> = {
  t: 'coordinate',
  table: 'coordinate',
  of: (p: PlaceStore) => p.coordinates,
  check: checkCoordinate,
  filters: { id: ID, name: NAME },
  auditName: (r) => r.name,
};

export const TYPES: PlaceResource<TypeRecord, TypeFields> = {
  t: 'type',
  table: 'type',
  of: (p: PlaceStore) => p.types,
  check: checkType,
  filters: { id: ID, name: NAME, useInTable: { field: 'useInTable', kind: 'string' } },
  auditName: (r) => r.name,
};

export const STATUSES: PlaceResource<Status, StatusFields> = {
  t: 'status',
  table: 'status',
  of: (p: PlaceStore) => p.statuses,
  check: checkStatus,
  filters: { id: ID, name: NAME, description: { field: 'description', kind: 'string' } },
  auditName: (r) => r.name,
};

export const ASNS: PlaceResource<Asn, AsnFields> = {
  t: 'asn',
  table: 'asn',
  of: (p: PlaceStore) => p.asns,
  check: checkAsn,
  filters: {
    asn: { field: 'asn', kind: 'integer' },
    cachegroup: { field: 'cachegroupId', kind: 'integer' },
    cachegroupName: { field: 'cachegroup', kind: 'string' },
    id: ID,
  },
  auditName: (r) => String(r.asn),
  references: async (ctx, f) => {
    if ((await ctx.store.cachegroups.list({ id: f.cachegroupId })).length === 0)
      throw new NotFound('cachegroup not found');
  },
  taken: (_label, _f, creating) =>
    creating ? 'an asn with the specified number already exists' : 'another asn exists for this number',
};
