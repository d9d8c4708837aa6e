import { changeLog, type Change } from './change-log.js';
import type { Db } from './sqlite/db.js';
import { guardWrite } from './faults.js';
import { SERVER_SELECT, toServer, type Server, type ServerAddress, type ServerRow } from './server-rows.js';

export type { Server, ServerAddress } from './server-rows.js';

/** Statuses a cache may have, with the seed's polling meaning (BEHAVIOR.md "Caches"). */
export const SERVER_STATUSES = ['ONLINE', 'OFFLINE', 'REPORTED', 'ADMIN_DOWN', 'PRE_PROD'] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

/** The columns an API write sets. */
export interface ServerFields extends ServerAddress {
  typeId: number;
  status: ServerStatus;
  offlineReason: string | null;
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
}

/**
 * Which servers a caller sees: null = every server (root tenant); otherwise the servers assigned to a delivery
 * service of these tenants, and the MIDs of a CDN where one of these tenants has a delivery service.
 */
export type ServerVisibility = number[] | null;

/** Servers (caches): reads, and the writes of the servers API. */
export interface ServerStore {
  list(filters: ServerFilters, visible: ServerVisibility): Promise<Server[]>;
  byId(id: number, visible: ServerVisibility): Promise<Server | null>;
  byHostName(hostName: string, visible: ServerVisibility): Promise<Server | null>;
  /**
   * The new id, or null when the host name is taken. Each write takes a `change` for the change log, appended in
   * its own transaction (a function of the write's answer: null or false means nothing was written).
   */
  insert(fields: ServerFields, now: number, change?: Change<number | null>): Promise<number | null>;
  /** False when the new host name belongs to another server. */
  update(id: number, fields: ServerFields, now: number, change?: Change<boolean>): Promise<boolean>;
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
    tenants: visible === null ? null : JSON.stringify(visible),
  };
}

const WRITE_COLUMNS = `host_name = @hostName, domain_name = @domainName, tcp_port = @tcpPort, https_port = @httpsPort,
  interface_name = @interfaceName, interface_mtu = @interfaceMtu, ip_address = @ipAddress, ip_netmask = @ipNetmask,
  ip_gateway = @ipGateway, ip6_address = @ip6Address, ip6_gateway = @ip6Gateway, type_id = @typeId, status = @status,
  offline_reason = @offlineReason, cachegroup_id = @cachegroupId, cdn_id = @cdnId, profile_id = @profileId,
  last_updated = @now`;

export function sqliteServers(db: Db): ServerStore {
  const list = db.prepare<[ListParams], ServerRow>(`${SERVER_SELECT} ${LIST_WHERE} ORDER BY s.host_name`);
  const counts = db.prepare<[ListParams], { status: string; n: number }>(
    `SELECT s.status, count(*) AS n FROM servers s JOIN types ty ON ty.id = s.type_id
       JOIN cachegroups cg ON cg.id = s.cachegroup_id ${LIST_WHERE} GROUP BY s.status`,
  );
  const dsIds = db.prepare<[number], number>(
    'SELECT deliveryservice_id FROM deliveryservice_servers WHERE server_id = ? ORDER BY deliveryservice_id',
  ).pluck();
  const soleServer = db.prepare<[number], number>(
    `SELECT x.deliveryservice_id FROM deliveryservice_servers x JOIN deliveryservices d ON d.id = x.deliveryservice_id
      WHERE x.server_id = ? AND d.active = 1
        AND NOT EXISTS (SELECT 1 FROM deliveryservice_servers o JOIN servers os ON os.id = o.server_id
                         WHERE o.deliveryservice_id = x.deliveryservice_id AND o.server_id <> x.server_id
                           AND os.status IN ('ONLINE', 'REPORTED'))
      ORDER BY x.deliveryservice_id`,
  ).pluck();
  const cdnAssignments = db.prepare<[number], { serverId: number; deliveryServiceId: number }>(
    `SELECT x.server_id AS serverId, x.deliveryservice_id AS deliveryServiceId FROM deliveryservice_servers x
       JOIN servers s ON s.id = x.server_id WHERE s.cdn_id = ? ORDER BY x.server_id, x.deliveryservice_id`,
  );
  const one = (filters: ServerFilters, visible: ServerVisibility) => {
    const row = list.get(listParams(filters, visible));
    return row ? toServer(row) : null;
  };
  return {
    ...sqliteServerWrites(db),
    async list(filters, visible) {
      return list.all(listParams(filters, visible)).map(toServer);
    },
    async byId(id, visible) {
      return one({ id }, visible);
    },
    async byHostName(hostName, visible) {
      return one({ hostName }, visible);
    },
    async statusCounts(visible) {
      return Object.fromEntries(counts.all(listParams({}, visible)).map((r) => [r.status, r.n]));
    },
    async deliveryServiceIds(serverId) {
      return dsIds.all(serverId);
    },
    async assignmentsOfCdn(cdnId) {
      return cdnAssignments.all(cdnId);
    },
    async activeServicesOnlyServedBy(serverId) {
      return soleServer.all(serverId);
    },
  };
}

/** The writes of the servers API, each with its change-log entry in its own (immediate) transaction. */
function sqliteServerWrites(db: Db): Pick<ServerStore, 'insert' | 'update' | 'delete' | 'assignToDeliveryService'> {
  const taken = db.prepare<[string, number], { id: number }>('SELECT id FROM servers WHERE host_name = ? AND id <> ?');
  const insert = db.prepare(
    `INSERT INTO servers (host_name, domain_name, tcp_port, https_port, interface_name, interface_mtu, ip_address,
       ip_netmask, ip_gateway, ip6_address, ip6_gateway, type_id, status, offline_reason, cachegroup_id, cdn_id,
       profile_id, last_updated)
     VALUES (@hostName, @domainName, @tcpPort, @httpsPort, @interfaceName, @interfaceMtu, @ipAddress, @ipNetmask,
       @ipGateway, @ip6Address, @ip6Gateway, @typeId, @status, @offlineReason, @cachegroupId, @cdnId, @profileId, @now)`,
  );
  const update = db.prepare(`UPDATE servers SET ${WRITE_COLUMNS} WHERE id = @id`);
  const remove = db.prepare<[number]>('DELETE FROM servers WHERE id = ?');
  const clearDs = db.prepare<[number]>('DELETE FROM deliveryservice_servers WHERE deliveryservice_id = ?');
  const addDs = db.prepare<[number, number]>('INSERT INTO deliveryservice_servers (deliveryservice_id, server_id) VALUES (?, ?)');
  const log = changeLog(db);
  return {
    async insert(fields, now, change) {
      return guardWrite(() =>
        db.transaction(() => {
          const id = taken.get(fields.hostName, 0) ? null : Number(insert.run({ ...fields, now }).lastInsertRowid);
          log.record(change, id);
          return id;
        }).immediate(),
      );
    },
    async update(id, fields, now, change) {
      return guardWrite(() =>
        db.transaction(() => {
          const free = !taken.get(fields.hostName, id);
          if (free) update.run({ ...fields, now, id });
          log.record(change, free);
          return free;
        }).immediate(),
      );
    },
    async delete(id, change) {
      return guardWrite(() =>
        db.transaction(() => {
          const gone = remove.run(id).changes > 0;
          log.record(change, gone);
          return gone;
        }).immediate(),
      );
    },
    async assignToDeliveryService(dsId, serverIds, change) {
      guardWrite(() =>
        db.transaction(() => {
          clearDs.run(dsId);
          for (const id of new Set(serverIds)) addDs.run(dsId, id);
          log.record(change, undefined);
        }).immediate(),
      );
    },
  };
}
