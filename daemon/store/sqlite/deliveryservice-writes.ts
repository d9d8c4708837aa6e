import type { Change } from '../change-log.js';
import { changeLog } from './change-log.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import { setLocations } from './location-params.js';
import {
  DS_WRITE_COLUMNS,
  DS_WRITE_KEYS,
  QUEUE_DS_CACHES_SQL,
  REGEX_SELECT,
  columnValues,
  toRegex,
  type CreateResult,
  type DeliveryServiceWriteStore,
  type RegexRow,
} from '../deliveryservice-writes.js';

const COLUMNS = DS_WRITE_KEYS.map((k) => DS_WRITE_COLUMNS[k]);

/** Delivery-service writes on SQLite: each write, its change-log entries and its queued updates in one transaction. */
export function sqliteDeliveryServiceWrites(db: Db): DeliveryServiceWriteStore {
  const log = changeLog(db);
  const logged = db.transaction((write: () => unknown, changes: readonly Change<unknown>[]) => {
    const result = write();
    for (const change of changes) log.record(change, result);
    return result;
  });
  const run = <R>(write: () => R, changes: readonly Change<R>[] = []): R =>
    guardWrite(() => logged(write, changes as readonly Change<unknown>[]) as R);

  const s = statements(db);
  const queue = (id: number, now: number) => s.queue.run(now, now, id, id, id);

  return {
    async create(ds, now, changes) {
      return run((): CreateResult => {
        if (s.xmlIdTaken.get(ds.columns.xmlId)) return { taken: 'xmlId' };
        if (ds.origin && s.originNameTaken.get(ds.columns.xmlId)) return { taken: 'origin' };
        const id = Number(s.insert.run(...columnValues(ds.columns), now).lastInsertRowid);
        s.insertRegex.run(id, ds.hostRegexTypeId, 0, `.*\\.${ds.columns.xmlId}\\..*`);
        const o = ds.origin;
        const originId = o
          ? Number(
              s.insertOrigin.run(ds.columns.xmlId, o.fqdn, o.protocol, o.port, id, ds.columns.tenantId, now)
                .lastInsertRowid,
            )
          : null;
        if (ds.locations) setLocations(db, ds.locations, now);
        return { id, originId };
      }, changes);
    },
    async update(id, columns, origin, now, changes, locations) {
      return run(() => {
        if (s.update.run(...columnValues(columns), now, id).changes === 0) return false;
        if (origin) s.updateOrigin.run(origin.protocol, origin.fqdn, origin.port, now, id);
        if (locations) setLocations(db, locations, now);
        queue(id, now);
        return true;
      }, changes);
    },
    async updateSafe(id, f, now, changes) {
      return run(
        () => s.updateSafe.run(f.displayName, f.infoUrl, f.longDesc, f.longDesc1, now, id).changes > 0,
        changes,
      );
    },
    async remove(id, now, changes, locations) {
      return run(() => {
        queue(id, now);
        if (s.remove.run(id).changes === 0) return false;
        if (locations) setLocations(db, locations, now);
        return true;
      }, changes);
    },
    ...sqliteRegexWrites(s, run, queue),
  };
}

type Statements = ReturnType<typeof statements>;
type Run = <R>(write: () => R, changes?: readonly Change<R>[]) => R;

/** The regex and user-link writes: a regex change is a change of its delivery service (time, queued caches). */
function sqliteRegexWrites(
  s: Statements,
  run: Run,
  queue: (id: number, now: number) => void,
): Pick<
  DeliveryServiceWriteStore,
  'regexes' | 'insertRegex' | 'updateRegex' | 'deleteRegex' | 'assignUser' | 'unassignUser' | 'serverIds'
> {
  const touch = (dsId: number, now: number) => {
    s.touch.run(now, dsId);
    queue(dsId, now);
  };
  return {
    async regexes(deliveryServiceId) {
      return s.regexes.all({ ds: deliveryServiceId }).map(toRegex);
    },
    async insertRegex(dsId, f, now, changes) {
      return run(() => {
        const id = Number(s.insertRegex.run(dsId, f.typeId, f.setNumber, f.pattern).lastInsertRowid);
        touch(dsId, now);
        return id;
      }, changes);
    },
    async updateRegex(dsId, id, f, now, changes) {
      return run(() => {
        if (s.updateRegex.run(f.typeId, f.setNumber, f.pattern, id, dsId).changes === 0) return false;
        touch(dsId, now);
        return true;
      }, changes);
    },
    async deleteRegex(dsId, id, now, changes) {
      return run(() => {
        if (s.deleteRegex.run(id, dsId).changes === 0) return false;
        touch(dsId, now);
        return true;
      }, changes);
    },
    async assignUser(userId, dsIds, replace, changes) {
      return run(() => {
        if (replace) s.unlinkAll.run(userId);
        for (const dsId of dsIds) s.link.run(dsId, userId);
        return dsIds.length;
      }, changes);
    },
    async unassignUser(userId, dsId, changes) {
      return run(() => s.unlink.run(dsId, userId).changes > 0, changes);
    },
    async serverIds(dsId) {
      return s.servers.all(dsId);
    },
  };
}

function statements(db: Db) {
  const placeholders = COLUMNS.map(() => '?').join(', ');
  return {
    xmlIdTaken: db.prepare<[string], { id: number }>('SELECT id FROM deliveryservices WHERE xml_id = ?'),
    originNameTaken: db.prepare<[string], { id: number }>('SELECT id FROM origins WHERE name = ?'),
    insert: db.prepare<unknown[]>(
      `INSERT INTO deliveryservices (${COLUMNS.join(', ')}, last_updated) VALUES (${placeholders}, ?)`,
    ),
    update: db.prepare<unknown[]>(
      `UPDATE deliveryservices SET ${COLUMNS.map((c) => `${c} = ?`).join(', ')}, last_updated = ? WHERE id = ?`,
    ),
    updateSafe: db.prepare<unknown[]>(
      `UPDATE deliveryservices SET display_name = ?, info_url = ?, long_desc = ?, long_desc1 = ?, last_updated = ?
        WHERE id = ?`,
    ),
    touch: db.prepare<[number, number]>('UPDATE deliveryservices SET last_updated = ? WHERE id = ?'),
    remove: db.prepare<[number]>('DELETE FROM deliveryservices WHERE id = ?'),
    insertOrigin: db.prepare<unknown[]>(
      `INSERT INTO origins (name, fqdn, protocol, is_primary, port, deliveryservice_id, tenant_id, last_updated)
       VALUES (?, ?, ?, 1, ?, ?, ?, ?)`,
    ),
    updateOrigin: db.prepare<unknown[]>(
      `UPDATE origins SET protocol = ?, fqdn = ?, port = ?, last_updated = ? WHERE deliveryservice_id = ? AND is_primary = 1`,
    ),
    queue: db.prepare<[number, number, number, number, number]>(QUEUE_DS_CACHES_SQL),
    regexes: db.prepare<[{ ds: number | null }], RegexRow>(
      `${REGEX_SELECT} WHERE (@ds IS NULL OR r.deliveryservice_id = @ds) ORDER BY r.deliveryservice_id, r.set_number, r.id`,
    ),
    insertRegex: db.prepare<[number, number, number, string]>(
      'INSERT INTO deliveryservice_regexes (deliveryservice_id, type_id, set_number, pattern) VALUES (?, ?, ?, ?)',
    ),
    updateRegex: db.prepare<[number, number, string, number, number]>(
      'UPDATE deliveryservice_regexes SET type_id = ?, set_number = ?, pattern = ? WHERE id = ? AND deliveryservice_id = ?',
    ),
    deleteRegex: db.prepare<[number, number]>(
      'DELETE FROM deliveryservice_regexes WHERE id = ? AND deliveryservice_id = ?',
    ),
    link: db.prepare<[number, number]>(
      'INSERT OR IGNORE INTO deliveryservice_users (deliveryservice_id, user_id) VALUES (?, ?)',
    ),
    unlink: db.prepare<[number, number]>(
      'DELETE FROM deliveryservice_users WHERE deliveryservice_id = ? AND user_id = ?',
    ),
    unlinkAll: db.prepare<[number]>('DELETE FROM deliveryservice_users WHERE user_id = ?'),
    servers: db
      .prepare<[number], number>(
        'SELECT server_id FROM deliveryservice_servers WHERE deliveryservice_id = ? ORDER BY server_id',
      )
      .pluck(),
  };
}
