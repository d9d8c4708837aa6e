import { type Change } from './change-log.js';
import { SERVER_EXTRA_FIELDS, extraColumn, type Server, type ServerAddress, type ServerExtras } from './server-rows.js';

export type { Server, ServerAddress, ServerExtras } from './server-rows.js';
export { SERVER_EXTRA_FIELDS, extraColumn } from './server-rows.js';

/** Every extra field unset. */
export const NO_EXTRAS: ServerExtras = Object.fromEntries(SERVER_EXTRA_FIELDS.map((f) => [f, null])) as ServerExtras;

/** Each extra field with its column. */
export const EXTRA_COLUMNS = SERVER_EXTRA_FIELDS.map((field) => ({ field, column: extraColumn(field) }));

/**
 * Whose updates a server write queues (in its transaction): the server itself, and the servers of its CDN whose
 * cache group has the server's cache group as parent or secondary parent (its children).
 */
export interface ServerQueue {
  self: boolean;
  children: boolean;
}

/** Statuses a cache may have, with the seed's polling meaning (BEHAVIOR.md "Caches"). */
export { SERVER_STATUSES, type ServerStatus } from '../../shared/rules/servers.js';
import type { ServerStatus } from '../../shared/rules/servers.js';

/** The columns an API write sets. */
export interface ServerFields extends ServerAddress, ServerExtras {
  typeId: number;
  status: ServerStatus;
  offlineReason: string | null;
  physLocationId: number | null;
  cachegroupId: number;
  cdnId: number;
  profileId: number;
}

/** GET servers filters; every value already parsed. */
export interface ServerFilters {
  id?: number;
  hostName?: string;
  cachegroup?: number;
  parentCachegroup?: number;
  cdn?: number;
  profileId?: number;
  status?: string;
  type?: string;
  dsId?: number;
  physLocation?: number;
}

/**
 * Which servers a caller sees: null = every server (root tenant); otherwise the servers assigned to a delivery
 * service of these tenants, and the MIDs of a CDN where one of these tenants has a delivery service.
 */
export type ServerVisibility = number[] | null;

/** The look-ups a server write checks its body against (issue 30). */
export interface ServerLookups {
  /** The name of the status with this id in the statuses table, or null. */
  statusName(id: number): Promise<string | null>;
  /** A physical location by id or name, or null. */
  physLocation(ref: { id: number } | { name: string }): Promise<{ id: number; name: string } | null>;
  /** How many other servers (not `exceptId`) of this profile have this IPv4 service address. */
  ipConflicts(ipAddress: string, profileId: number, exceptId: number): Promise<number>;
}

/** One delivery-service ↔ server link, as GET deliveryserviceserver lists it; `lastUpdated` in epoch ms. */
export interface DsServerLink {
  server: number;
  deliveryService: number;
  lastUpdated: number;
}

/** Which links GET deliveryserviceserver lists: filters, the delivery services' tenants (null: all), a page. */
export interface LinkQuery {
  dsIds?: number[];
  serverIds?: number[];
  tenants: number[] | null;
  orderBy: 'deliveryService' | 'server' | 'lastUpdated';
  limit: number;
  offset: number;
}

/**
 * The delivery-service ↔ server links (issue 30). Every write queues updates on the servers whose links it
 * changed (their remap changes) and appends its `change` in the same transaction.
 */
export interface ServerLinkStore {
  listLinks(query: LinkQuery): Promise<DsServerLink[]>;
  /** Links servers to a delivery service (`replace`: its other links go first); answers how many links are new. */
  linkServers(
    dsId: number,
    serverIds: number[],
    replace: boolean,
    now: number,
    change?: Change<number>,
  ): Promise<number>;
  /** Links delivery services to a server (`replace`: its other links go first); answers how many are new. */
  linkDeliveryServices(
    serverId: number,
    dsIds: number[],
    replace: boolean,
    now: number,
    change?: Change<number>,
  ): Promise<number>;
  /** Removes one link; false when there was none. */
  unlink(dsId: number, serverId: number, now: number, change?: Change<boolean>): Promise<boolean>;
}

/** Servers (caches): reads, and the writes of the servers API. */
export interface ServerStore extends ServerLookups, ServerLinkStore {
  list(filters: ServerFilters, visible: ServerVisibility): Promise<Server[]>;
  byId(id: number, visible: ServerVisibility): Promise<Server | null>;
  byHostName(hostName: string, visible: ServerVisibility): Promise<Server | null>;
  /**
   * The new id, or null when the host name is taken. Each write takes a `change` for the change log, appended in
   * its own transaction (a function of the write's answer: null or false means nothing was written).
   */
  insert(fields: ServerFields, now: number, change?: Change<number | null>): Promise<number | null>;
  /** False when the new host name belongs to another server. `queue`: whose updates it queues as well. */
  update(
    id: number,
    fields: ServerFields,
    now: number,
    change?: Change<boolean>,
    queue?: ServerQueue,
  ): Promise<boolean>;
  /** False when there was no such server. */
  delete(id: number, change?: Change<boolean>): Promise<boolean>;
  /** Counts per status of the visible servers. */
  statusCounts(visible: ServerVisibility): Promise<Record<string, number>>;
  /** The ids of the delivery services a server is assigned to. */
  deliveryServiceIds(serverId: number): Promise<number[]>;
  /**
   * The active delivery services this server is assigned to that have no other ONLINE or REPORTED server
   * assigned: what taking it out of service (or deleting it) would leave without a cache.
   */
  activeServicesOnlyServedBy(serverId: number): Promise<number[]>;
  /** Replaces a delivery service's server assignments (and logs `change` in the same transaction). */
  assignToDeliveryService(dsId: number, serverIds: number[], change?: Change<void>): Promise<void>;
  /** Every delivery-service assignment of the CDN's servers (what the ATS config generators join on). */
  assignmentsOfCdn(cdnId: number): Promise<Array<{ serverId: number; deliveryServiceId: number }>>;
}

export const LIST_WHERE = `
  WHERE (@id IS NULL OR s.id = @id) AND (@hostName IS NULL OR s.host_name = @hostName)
    AND (@cachegroup IS NULL OR s.cachegroup_id = @cachegroup)
    AND (@parentCachegroup IS NULL OR cg.parent_cachegroup_id = @parentCachegroup)
    AND (@cdn IS NULL OR s.cdn_id = @cdn) AND (@profileId IS NULL OR s.profile_id = @profileId)
    AND (@status IS NULL OR s.status = @status) AND (@type IS NULL OR ty.name = @type)
    AND (@dsId IS NULL OR EXISTS (SELECT 1 FROM deliveryservice_servers x WHERE x.server_id = s.id AND x.deliveryservice_id = @dsId))
    AND (@physLocation IS NULL OR s.phys_location_id = @physLocation)
    AND (@tenants IS NULL
         OR EXISTS (SELECT 1 FROM deliveryservice_servers x JOIN deliveryservices d ON d.id = x.deliveryservice_id
                     WHERE x.server_id = s.id AND d.tenant_id IN (SELECT value FROM json_each(@tenants)))
         OR (ty.name LIKE 'MID%' AND EXISTS (SELECT 1 FROM deliveryservices d
                     WHERE d.cdn_id = s.cdn_id AND d.tenant_id IN (SELECT value FROM json_each(@tenants)))))`;

export type ListParams = Record<keyof ServerFilters | 'tenants', string | number | null>;

export function listParams(filters: ServerFilters, visible: ServerVisibility): ListParams {
  return {
    id: filters.id ?? null,
    hostName: filters.hostName ?? null,
    cachegroup: filters.cachegroup ?? null,
    parentCachegroup: filters.parentCachegroup ?? null,
    cdn: filters.cdn ?? null,
    profileId: filters.profileId ?? null,
    status: filters.status ?? null,
    type: filters.type ?? null,
    dsId: filters.dsId ?? null,
    physLocation: filters.physLocation ?? null,
    tenants: visible === null ? null : JSON.stringify(visible),
  };
}
