import { raiseUpdSet } from '../server-flags.js';
import { changeLog } from './change-log.js';
import type { Db } from './db.js';
import type { Change } from '../change-log.js';
import { guardWrite } from '../faults.js';
import type { DsServerLink, LinkQuery, ServerLinkStore } from '../servers.js';

const ORDER = { deliveryService: 'x.deliveryservice_id', server: 'x.server_id', lastUpdated: 'x.last_updated' };

const LIST_SQL = (order: string) => `
  SELECT x.server_id AS server, x.deliveryservice_id AS deliveryService, x.last_updated AS lastUpdated
    FROM deliveryservice_servers x JOIN deliveryservices d ON d.id = x.deliveryservice_id
   WHERE (@dsIds IS NULL OR x.deliveryservice_id IN (SELECT value FROM json_each(@dsIds)))
     AND (@serverIds IS NULL OR x.server_id IN (SELECT value FROM json_each(@serverIds)))
     AND (@tenants IS NULL OR d.tenant_id IN (SELECT value FROM json_each(@tenants)))
   ORDER BY ${order}, x.deliveryservice_id, x.server_id LIMIT @limit OFFSET @offset`;

type ListParams = Record<'dsIds' | 'serverIds' | 'tenants', string | null> & { limit: number; offset: number };
const json = (ids: number[] | null | undefined) => (ids === undefined || ids === null ? null : JSON.stringify(ids));

/** The delivery-service ↔ server links on SQLite (see ServerLinkStore). */
export function sqliteServerLinks(db: Db): ServerLinkStore {
  const lists = Object.fromEntries(
    Object.entries(ORDER).map(([k, col]) => [k, db.prepare<[ListParams], DsServerLink>(LIST_SQL(col))]),
  );
  const ofDs = db
    .prepare<[number], number>('SELECT server_id FROM deliveryservice_servers WHERE deliveryservice_id = ?')
    .pluck();
  const clearDs = db.prepare<[number]>('DELETE FROM deliveryservice_servers WHERE deliveryservice_id = ?');
  const clearServer = db.prepare<[number]>('DELETE FROM deliveryservice_servers WHERE server_id = ?');
  const add = db.prepare<[number, number, number]>(
    `INSERT INTO deliveryservice_servers (deliveryservice_id, server_id, last_updated) VALUES (?, ?, ?)
     ON CONFLICT DO NOTHING`,
  );
  const remove = db.prepare<[number, number]>(
    'DELETE FROM deliveryservice_servers WHERE deliveryservice_id = ? AND server_id = ?',
  );
  const queue = db.prepare<[{ now: number; id: number }]>(`UPDATE servers SET ${raiseUpdSet('@now')} WHERE id = @id`);
  const write = logged(db);
  return {
    async listLinks(q: LinkQuery) {
      const params = { dsIds: json(q.dsIds), serverIds: json(q.serverIds), tenants: json(q.tenants) };
      return lists[q.orderBy].all({ ...params, limit: q.limit, offset: q.offset });
    },
    async linkServers(dsId, serverIds, replace, now, change) {
      return write(() => {
        const before = replace ? ofDs.all(dsId) : [];
        if (replace) clearDs.run(dsId);
        let added = 0;
        for (const id of new Set(serverIds)) added += add.run(dsId, id, now).changes;
        for (const id of new Set([...before, ...serverIds])) queue.run({ now, id });
        return added;
      }, change);
    },
    async linkDeliveryServices(serverId, dsIds, replace, now, change) {
      return write(() => {
        if (replace) clearServer.run(serverId);
        let added = 0;
        for (const id of new Set(dsIds)) added += add.run(id, serverId, now).changes;
        queue.run({ now, id: serverId });
        return added;
      }, change);
    },
    async unlink(dsId, serverId, now, change) {
      return write(() => {
        const gone = remove.run(dsId, serverId).changes > 0;
        if (gone) queue.run({ now, id: serverId });
        return gone;
      }, change);
    },
  };
}

/** Runs a write and appends its change in one immediate transaction. */
function logged(db: Db): <R>(fn: () => R, change: Change<R> | undefined) => R {
  const log = changeLog(db);
  return (fn, change) =>
    guardWrite(() =>
      db
        .transaction(() => {
          const result = fn();
          log.record(change, result);
          return result;
        })
        .immediate(),
    );
}
