import { raiseUpdSet } from '../server-flags.js';
import { changeLog } from './change-log.js';
import { sqliteServerLinks } from './server-links.js';
import { sqliteServerLookups } from './server-lookups.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import { SERVER_SELECT, toServer, type ServerRow } from '../server-rows.js';
import {
  EXTRA_COLUMNS,
  LIST_WHERE,
  type ListParams,
  type ServerFilters,
  type ServerQueue,
  type ServerStore,
  type ServerVisibility,
  listParams,
} from '../servers.js';

export function sqliteServers(db: Db): ServerStore {
  const list = db.prepare<[ListParams], ServerRow>(`${SERVER_SELECT} ${LIST_WHERE} ORDER BY s.host_name`);
  const counts = db.prepare<[ListParams], { status: string; n: number }>(
    `SELECT s.status, count(*) AS n FROM servers s JOIN types ty ON ty.id = s.type_id
       JOIN cachegroups cg ON cg.id = s.cachegroup_id ${LIST_WHERE} GROUP BY s.status`,
  );
  const dsIds = db
    .prepare<[number], number>(
      'SELECT deliveryservice_id FROM deliveryservice_servers WHERE server_id = ? ORDER BY deliveryservice_id',
    )
    .pluck();
  const soleServer = db
    .prepare<[number], number>(
      `SELECT x.deliveryservice_id FROM deliveryservice_servers x JOIN deliveryservices d ON d.id = x.deliveryservice_id
      WHERE x.server_id = ? AND d.active = 1
        AND NOT EXISTS (SELECT 1 FROM deliveryservice_servers o JOIN servers os ON os.id = o.server_id
                         WHERE o.deliveryservice_id = x.deliveryservice_id AND o.server_id <> x.server_id
                           AND os.status IN ('ONLINE', 'REPORTED'))
      ORDER BY x.deliveryservice_id`,
    )
    .pluck();
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
    ...sqliteServerLookups(db),
    ...sqliteServerLinks(db),
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
  const insert = db.prepare(INSERT_SQL);
  const update = db.prepare(`UPDATE servers SET ${WRITE_COLUMNS} WHERE id = @id`);
  const remove = db.prepare<[number]>('DELETE FROM servers WHERE id = ?');
  const queue = queueing(db);
  const clearDs = db.prepare<[number]>('DELETE FROM deliveryservice_servers WHERE deliveryservice_id = ?');
  const addDs = db.prepare<[number, number]>(
    'INSERT INTO deliveryservice_servers (deliveryservice_id, server_id) VALUES (?, ?)',
  );
  const log = changeLog(db);
  return {
    async insert(fields, now, change) {
      return guardWrite(() =>
        db
          .transaction(() => {
            const id = taken.get(fields.hostName, 0) ? null : Number(insert.run({ ...fields, now }).lastInsertRowid);
            log.record(change, id);
            return id;
          })
          .immediate(),
      );
    },
    async update(id, fields, now, change, queued) {
      return guardWrite(() =>
        db
          .transaction(() => {
            const free = !taken.get(fields.hostName, id);
            if (free) update.run({ ...fields, now, id });
            if (free && queued) queue(id, now, queued);
            log.record(change, free);
            return free;
          })
          .immediate(),
      );
    },
    async delete(id, change) {
      return guardWrite(() =>
        db
          .transaction(() => {
            const gone = remove.run(id).changes > 0;
            log.record(change, gone);
            return gone;
          })
          .immediate(),
      );
    },
    async assignToDeliveryService(dsId, serverIds, change) {
      guardWrite(() =>
        db
          .transaction(() => {
            clearDs.run(dsId);
            for (const id of new Set(serverIds)) addDs.run(dsId, id);
            log.record(change, undefined);
          })
          .immediate(),
      );
    },
  };
}

const WRITE_COLUMNS = `host_name = @hostName, domain_name = @domainName, tcp_port = @tcpPort, https_port = @httpsPort,
  interface_name = @interfaceName, interface_mtu = @interfaceMtu, ip_address = @ipAddress, ip_netmask = @ipNetmask,
  ip_gateway = @ipGateway, ip6_address = @ip6Address, ip6_gateway = @ip6Gateway, type_id = @typeId, status = @status,
  offline_reason = @offlineReason, cachegroup_id = @cachegroupId, cdn_id = @cdnId, profile_id = @profileId,
  phys_location_id = @physLocationId, last_updated = @now,
  ${EXTRA_COLUMNS.map((c) => `${c.column} = @${c.field}`).join(', ')}`;

/** Queues updates on a server and, when asked, on its child caches (see ServerQueue). */
function queueing(db: Db): (id: number, now: number, queue: ServerQueue) => void {
  const queueSelf = db.prepare<[{ now: number; id: number }]>(
    `UPDATE servers SET ${raiseUpdSet('@now')} WHERE id = @id`,
  );
  const queueChildren = db.prepare<[{ now: number; id: number }]>(
    `UPDATE servers SET ${raiseUpdSet('@now')}
      WHERE cdn_id = (SELECT cdn_id FROM servers WHERE id = @id)
        AND cachegroup_id IN (SELECT id FROM cachegroups WHERE (SELECT cachegroup_id FROM servers WHERE id = @id)
                                IN (parent_cachegroup_id, secondary_parent_cachegroup_id))`,
  );
  return (id, now, queue) => {
    if (queue.self) queueSelf.run({ now, id });
    if (queue.children) queueChildren.run({ now, id });
  };
}

const INSERT_SQL = `INSERT INTO servers (host_name, domain_name, tcp_port, https_port, interface_name, interface_mtu, ip_address,
       ip_netmask, ip_gateway, ip6_address, ip6_gateway, type_id, status, offline_reason, cachegroup_id, cdn_id,
       profile_id, phys_location_id, last_updated, ${EXTRA_COLUMNS.map((c) => c.column).join(', ')})
     VALUES (@hostName, @domainName, @tcpPort, @httpsPort, @interfaceName, @interfaceMtu, @ipAddress, @ipNetmask,
       @ipGateway, @ip6Address, @ip6Gateway, @typeId, @status, @offlineReason, @cachegroupId, @cdnId, @profileId,
       @physLocationId, @now, ${EXTRA_COLUMNS.map((c) => `@${c.field}`).join(', ')})`;
