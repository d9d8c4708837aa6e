import type { Change } from './change-log.js';
import type { Parameter } from './parameters.js';

/** A cache group with its type, coordinates, parents, localization methods and fallbacks joined in. */
export interface Cachegroup {
  id: number;
  name: string;
  shortName: string;
  typeId: number;
  typeName: string;
  latitude: number | null;
  longitude: number | null;
  parentCachegroupId: number | null;
  parentCachegroupName: string | null;
  secondaryParentCachegroupId: number | null;
  secondaryParentCachegroupName: string | null;
  fallbackToClosest: boolean;
  /** CZ, DEEP_CZ, GEO: sorted. */
  localizationMethods: string[];
  /** The fallback cache groups' names, in their set order. */
  fallbacks: string[];
  lastUpdated: number;
}

/** What POST and PUT cachegroups write; the coordinate exists only when both latitude and longitude are set. */
export interface CachegroupFields {
  name: string;
  shortName: string;
  typeId: number;
  latitude: number | null;
  longitude: number | null;
  parentCachegroupId: number | null;
  secondaryParentCachegroupId: number | null;
  fallbackToClosest: boolean;
  localizationMethods: string[];
  /** Fallback cache group ids, in order. */
  fallbackIds: number[];
}

/** What an update did: whether the group was there, and the caches it queued updates on (a parent changed). */
export interface CachegroupUpdate {
  found: boolean;
  queued: string[];
}

/** What still uses a cache group: a delete is refused while any count is above zero. */
export interface CachegroupUsage {
  servers: number;
  children: number;
  secondaryChildren: number;
  asns: number;
  origins: number;
}

/** One cache group ↔ parameter link. */
export interface CachegroupParameterLink {
  cachegroupId: number;
  cachegroupName: string;
  parameterId: number;
  lastUpdated: number;
}

/** A cache group's server as POST cachegroups/:id/deliveryservices needs it. */
export interface CachegroupServer {
  id: number;
  hostName: string;
  type: string;
  cdnId: number;
}

/** Cache groups: written by the API and by snapshot import. Each write appends its `change` in its transaction. */
export interface CachegroupStore {
  list(filters: { id?: number; name?: string; type?: number; shortName?: string }): Promise<Cachegroup[]>;
  byId(id: number): Promise<Cachegroup | null>;
  /** The new id (the caller has checked the names, the type, the parents and the fallbacks). */
  insert(fields: CachegroupFields, now: number, change?: Change<number>): Promise<number>;
  /**
   * Replaces the group's fields, coordinate, localization methods and fallbacks. When its parent or secondary
   * parent changes, queues updates on the servers of the group and of the groups whose parent it is.
   */
  update(
    id: number,
    fields: CachegroupFields,
    now: number,
    change?: Change<CachegroupUpdate>,
  ): Promise<CachegroupUpdate>;
  /** Deletes the group and its coordinate; false when there was none. */
  delete(id: number, change?: Change<boolean>): Promise<boolean>;
  usage(id: number): Promise<CachegroupUsage>;
  /** A type by id, whatever its table (a cache group's must be one of `cachegroup`'s). */
  typeById(id: number): Promise<{ name: string; useInTable: string } | null>;
  /** The servers in the group. */
  servers(id: number): Promise<CachegroupServer[]>;
  /** The parameters linked to the group, by id. */
  parameters(id: number): Promise<Parameter[]>;
  /** The parameters not linked to the group, by id. */
  unassignedParameters(id: number): Promise<Parameter[]>;
  parameterLinks(filters: { cachegroup?: number; parameter?: number }): Promise<CachegroupParameterLink[]>;
  /** Links every pair (the caller has checked that each exists and none is linked yet). */
  linkParameters(pairs: Array<{ cachegroupId: number; parameterId: number }>, now: number): Promise<void>;
  /** False when the pair was not linked. */
  unlinkParameter(cachegroupId: number, parameterId: number, change?: Change<boolean>): Promise<boolean>;
  /**
   * Assigns every delivery service to every one of `serverIds` (links that exist stay) and queues updates on
   * those servers; with `locations`, in the same transaction, sets the delivery services' `location` parameters.
   */
  assignDeliveryServices(
    serverIds: number[],
    dsIds: number[],
    now: number,
    change?: Change<void>,
    locations?: LocationParams,
  ): Promise<void>;
}

/**
 * The `location` parameters of per-service config files (reference §2.3, §5.3): a file with a value gets the
 * parameter (name `location`, that config file, that value; made when missing) linked to each profile (the file's
 * own `profileIds` when it has them, else the common ones); a file without one loses its `location` parameters
 * (unlinked from every profile, and deleted unless a cache group holds them).
 */
export interface LocationParams {
  profileIds: number[];
  files: Array<{ configFile: string; value: string | null; profileIds?: number[] }>;
}

/** The SQL of LocationParams (`?` placeholders; the PostgreSQL adapter numbers them). */
export const LOCATION_SQL = {
  unlink: `DELETE FROM profile_parameters WHERE parameter_id IN
      (SELECT id FROM parameters WHERE name = 'location' AND config_file = ?)`,
  drop: `DELETE FROM parameters WHERE name = 'location' AND config_file = ?
      AND NOT EXISTS (SELECT 1 FROM cachegroup_parameters c WHERE c.parameter_id = parameters.id)`,
  ensure: `INSERT INTO parameters (name, config_file, value, secure, last_updated) VALUES ('location', ?, ?, 0, ?)
      ON CONFLICT (name, config_file, value) DO UPDATE SET value = excluded.value RETURNING id`,
  link: `INSERT INTO profile_parameters (profile_id, parameter_id, last_updated) VALUES (?, ?, ?)
      ON CONFLICT DO NOTHING`,
} as const;

export interface CachegroupRow {
  id: number;
  name: string;
  short_name: string;
  type_id: number;
  type_name: string;
  latitude: number | null;
  longitude: number | null;
  parent_cachegroup_id: number | null;
  parent_name: string | null;
  secondary_parent_cachegroup_id: number | null;
  secondary_name: string | null;
  fallback_to_closest: number;
  last_updated: number;
}

/** A localization method or fallback row of some cache group. */
export interface CachegroupSideRow {
  cachegroup_id: number;
  value: string;
}

export const toCachegroup = (r: CachegroupRow, methods: CachegroupSideRow[], fallbacks: CachegroupSideRow[]) => ({
  id: r.id,
  name: r.name,
  shortName: r.short_name,
  typeId: r.type_id,
  typeName: r.type_name,
  latitude: r.latitude === null ? null : Number(r.latitude),
  longitude: r.longitude === null ? null : Number(r.longitude),
  parentCachegroupId: r.parent_cachegroup_id,
  parentCachegroupName: r.parent_name,
  secondaryParentCachegroupId: r.secondary_parent_cachegroup_id,
  secondaryParentCachegroupName: r.secondary_name,
  fallbackToClosest: Number(r.fallback_to_closest) === 1,
  localizationMethods: methods.filter((m) => m.cachegroup_id === r.id).map((m) => m.value),
  fallbacks: fallbacks.filter((f) => f.cachegroup_id === r.id).map((f) => f.value),
  lastUpdated: Number(r.last_updated),
});

/** Joins the side rows into each group. */
export const toCachegroups = (
  rows: CachegroupRow[],
  methods: CachegroupSideRow[],
  fallbacks: CachegroupSideRow[],
): Cachegroup[] => rows.map((r) => toCachegroup(r, methods, fallbacks));

/** The name of the coordinate Traffic Ops keeps for a cache group's latitude and longitude. */
export const coordinateName = (cachegroupName: string) => `from_cachegroup_${cachegroupName}`;

/** Both stores' SQL, with their placeholder style `p(i)` for parameter i (1-based). */
export const CG_METHODS_SQL =
  'SELECT cachegroup_id, method AS value FROM cachegroup_localization_methods ORDER BY cachegroup_id, method';
export const CG_FALLBACKS_SQL = `SELECT f.primary_cachegroup_id AS cachegroup_id, b.name AS value
  FROM cachegroup_fallbacks f JOIN cachegroups b ON b.id = f.backup_cachegroup_id
  ORDER BY f.primary_cachegroup_id, f.set_order`;

export const CG_USAGE_SQL = (p: string) => `SELECT
  (SELECT count(*) FROM servers WHERE cachegroup_id = ${p}) AS servers,
  (SELECT count(*) FROM cachegroups WHERE parent_cachegroup_id = ${p}) AS children,
  (SELECT count(*) FROM cachegroups WHERE secondary_parent_cachegroup_id = ${p}) AS secondary_children,
  (SELECT count(*) FROM asns WHERE cachegroup_id = ${p}) AS asns,
  (SELECT count(*) FROM origins WHERE cachegroup_id = ${p}) AS origins`;

export interface CachegroupUsageRow {
  servers: number | string;
  children: number | string;
  secondary_children: number | string;
  asns: number | string;
  origins: number | string;
}

export const toCachegroupUsage = (r: CachegroupUsageRow | undefined): CachegroupUsage => ({
  servers: Number(r?.servers ?? 0),
  children: Number(r?.children ?? 0),
  secondaryChildren: Number(r?.secondary_children ?? 0),
  asns: Number(r?.asns ?? 0),
  origins: Number(r?.origins ?? 0),
});

/** The servers whose configuration a change of group `p`'s parents alters: its own and its children's. */
export const CG_AFFECTED_SQL = (p: string) => `SELECT id, host_name FROM servers WHERE cachegroup_id = ${p}
  OR cachegroup_id IN (SELECT id FROM cachegroups WHERE ${p} IN (parent_cachegroup_id, secondary_parent_cachegroup_id))
  ORDER BY host_name`;

export const CG_SERVERS_SQL = (p: string) =>
  `SELECT s.id, s.host_name AS "hostName", t.name AS type, s.cdn_id AS "cdnId"
     FROM servers s JOIN types t ON t.id = s.type_id WHERE s.cachegroup_id = ${p} ORDER BY s.host_name`;

export const CG_PARAMETERS_SQL = (p: string, linked: boolean) =>
  `SELECT id, name, config_file, value, secure, last_updated FROM parameters
    WHERE id ${linked ? '' : 'NOT '}IN (SELECT parameter_id FROM cachegroup_parameters WHERE cachegroup_id = ${p})
    ORDER BY id`;

export const CG_LINKS_SQL = (cg: string, param: string) =>
  `SELECT cp.cachegroup_id, c.name AS cachegroup_name, cp.parameter_id, cp.last_updated
     FROM cachegroup_parameters cp JOIN cachegroups c ON c.id = cp.cachegroup_id
    WHERE (${cg} IS NULL OR cp.cachegroup_id = ${cg}) AND (${param} IS NULL OR cp.parameter_id = ${param})
    ORDER BY cp.cachegroup_id, cp.parameter_id`;

export interface CachegroupLinkRow {
  cachegroup_id: number;
  cachegroup_name: string;
  parameter_id: number;
  last_updated: number | string;
}

export const toLink = (r: CachegroupLinkRow): CachegroupParameterLink => ({
  cachegroupId: r.cachegroup_id,
  cachegroupName: r.cachegroup_name,
  parameterId: r.parameter_id,
  lastUpdated: Number(r.last_updated),
});

export const CG_TYPE_SQL = (p: string) => `SELECT name, use_in_table AS "useInTable" FROM types WHERE id = ${p}`;
