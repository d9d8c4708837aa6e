import type { OriginFields } from '../../shared/rules/origins/validate.js';
import { type Change } from './change-log.js';

/** An origin with the names of what it refers to joined in. */
export interface Origin {
  id: number;
  name: string;
  fqdn: string;
  protocol: string;
  isPrimary: boolean;
  port: number | null;
  ipAddress: string | null;
  ip6Address: string | null;
  deliveryServiceId: number;
  /** The delivery service's xmlId. */
  deliveryService: string;
  /** The delivery service's tenant: tenancy of an origin also depends on it. */
  deliveryServiceTenantId: number;
  cachegroupId: number | null;
  cachegroup: string | null;
  coordinateId: number | null;
  coordinate: string | null;
  profileId: number | null;
  profile: string | null;
  tenantId: number | null;
  tenant: string | null;
  lastUpdated: number;
}

export type { OriginFields };

/** The query keys GET origins filters and orders by. */
export type OriginFilterKey =
  'cachegroup' | 'coordinate' | 'deliveryservice' | 'id' | 'name' | 'profileId' | 'primary' | 'tenant';

/** A parsed GET origins query: every value already validated. */
export interface OriginListQuery {
  filters: Partial<Record<OriginFilterKey, number | string | boolean>>;
  orderBy: OriginFilterKey;
  descending: boolean;
  /** -1: no limit. */
  limit: number;
  offset: number;
  /** Tenants whose origins the caller may see; null when it may see every tenant. */
  visibleTenantIds: number[] | null;
}

/** Origins, and the narrow cache-group and coordinate lookups their writes need. */
export interface OriginStore {
  list(query: OriginListQuery): Promise<Origin[]>;
  /**
   * The same origins as GET origins answers them, rendered by SQLite: the JSON array of their records between
   * `before` and `after` (the envelope), as the bytes to send.
   */
  listJson(query: OriginListQuery, before?: string, after?: string): Promise<Buffer>;
  get(id: number): Promise<Origin | null>;
  /** Inserts an origin; answers its id, or null when another origin has that name. */
  insert(fields: OriginFields, now: number, change?: Change<number | null>): Promise<number | null>;
  /** Replaces the writable columns of origin `id`; answers false when another origin has that name. */
  update(id: number, fields: OriginFields, now: number, change?: Change<boolean>): Promise<boolean>;
  /** Deletes a non-primary origin; answers false when there was none to delete. */
  delete(id: number, change?: Change<boolean>): Promise<boolean>;
  hasCachegroup(id: number): Promise<boolean>;
  hasCoordinate(id: number): Promise<boolean>;
}

export interface OriginRow {
  id: number;
  name: string;
  fqdn: string;
  protocol: string;
  is_primary: number;
  port: number | null;
  ip_address: string | null;
  ip6_address: string | null;
  deliveryservice_id: number;
  ds_xml_id: string;
  ds_tenant_id: number;
  cachegroup_id: number | null;
  cachegroup_name: string | null;
  coordinate_id: number | null;
  coordinate_name: string | null;
  profile_id: number | null;
  profile_name: string | null;
  tenant_id: number | null;
  tenant_name: string | null;
  last_updated: number;
}

export const toOrigin = (r: OriginRow): Origin => ({
  id: r.id,
  name: r.name,
  fqdn: r.fqdn,
  protocol: r.protocol,
  isPrimary: r.is_primary === 1,
  port: r.port,
  ipAddress: r.ip_address,
  ip6Address: r.ip6_address,
  deliveryServiceId: r.deliveryservice_id,
  deliveryService: r.ds_xml_id,
  deliveryServiceTenantId: r.ds_tenant_id,
  cachegroupId: r.cachegroup_id,
  cachegroup: r.cachegroup_name,
  coordinateId: r.coordinate_id,
  coordinate: r.coordinate_name,
  profileId: r.profile_id,
  profile: r.profile_name,
  tenantId: r.tenant_id,
  tenant: r.tenant_name,
  lastUpdated: r.last_updated,
});

export const fieldParams = (f: OriginFields, now: number) => ({
  name: f.name,
  fqdn: f.fqdn,
  protocol: f.protocol,
  port: f.port,
  ip_address: f.ipAddress,
  ip6_address: f.ip6Address,
  deliveryservice_id: f.deliveryServiceId,
  cachegroup_id: f.cachegroupId,
  coordinate_id: f.coordinateId,
  profile_id: f.profileId,
  tenant_id: f.tenantId,
  last_updated: now,
});

export const WRITABLE = [
  'name',
  'fqdn',
  'protocol',
  'port',
  'ip_address',
  'ip6_address',
  'deliveryservice_id',
  'cachegroup_id',
  'coordinate_id',
  'profile_id',
  'tenant_id',
  'last_updated',
] as const;

export const COLUMNS_SELECTED = `SELECT o.id, o.name, o.fqdn, o.protocol, o.is_primary, o.port, o.ip_address, o.ip6_address,
    o.deliveryservice_id, ds.xml_id AS ds_xml_id, ds.tenant_id AS ds_tenant_id,
    o.cachegroup_id, cg.name AS cachegroup_name, o.coordinate_id, co.name AS coordinate_name,
    o.profile_id, pr.name AS profile_name, o.tenant_id, t.name AS tenant_name, o.last_updated`;
export const FROM = `
  FROM origins o
  JOIN deliveryservices ds ON ds.id = o.deliveryservice_id
  LEFT JOIN cachegroups cg ON cg.id = o.cachegroup_id
  LEFT JOIN coordinates co ON co.id = o.coordinate_id
  LEFT JOIN profiles pr ON pr.id = o.profile_id
  LEFT JOIN tenants t ON t.id = o.tenant_id`;

/** The one place API keys meet column names: SQL is composed only from these constants, never from input. */
export const COLUMNS: Record<OriginFilterKey, string> = {
  cachegroup: 'o.cachegroup_id',
  coordinate: 'o.coordinate_id',
  deliveryservice: 'o.deliveryservice_id',
  id: 'o.id',
  name: 'o.name',
  profileId: 'o.profile_id',
  primary: 'o.is_primary',
  tenant: 'o.tenant_id',
};
export const FILTER_KEYS = Object.keys(COLUMNS) as OriginFilterKey[];
