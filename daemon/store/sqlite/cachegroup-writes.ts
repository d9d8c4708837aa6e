import { raiseUpdSet } from '../server-flags.js';
import type { Db } from './db.js';
import { loggedWrite } from './change-log.js';
import { guardWrite } from '../faults.js';
import { setLocations } from './location-params.js';
import {
  CG_AFFECTED_SQL,
  coordinateName,
  type CachegroupFields,
  type CachegroupStore,
  type CachegroupUpdate,
} from '../cachegroups.js';

type Writes = Pick<CachegroupStore, 'insert' | 'update' | 'delete' | 'linkParameters' | 'assignDeliveryServices'>;

interface OldRow {
  coordinate_id: number | null;
  parent_cachegroup_id: number | null;
  secondary_parent_cachegroup_id: number | null;
}

const rowParams = (f: CachegroupFields, now: number, coordinate: number | null) => ({
  name: f.name,
  short: f.shortName,
  type: f.typeId,
  coordinate,
  parent: f.parentCachegroupId,
  secondary: f.secondaryParentCachegroupId,
  closest: f.fallbackToClosest ? 1 : 0,
  now,
});

const hasCoordinate = (f: CachegroupFields) => f.latitude !== null && f.longitude !== null;

/** The statements of cache-group writes on SQLite, each run in one transaction with its change-log entry. */
function statements(db: Db) {
  return {
    upsertCoordinate: db
      .prepare<[{ name: string; lat: number | null; long: number | null; now: number }], number>(
        `INSERT INTO coordinates (name, latitude, longitude, last_updated) VALUES (@name, @lat, @long, @now)
         ON CONFLICT (name) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
           last_updated = excluded.last_updated RETURNING id`,
      )
      .pluck(),
    dropCoordinate: db.prepare<[number, number, number]>(
      `DELETE FROM coordinates WHERE id = ? AND substr(name, 1, 16) = 'from_cachegroup_' AND NOT EXISTS (SELECT 1 FROM origins WHERE coordinate_id = ?)
         AND NOT EXISTS (SELECT 1 FROM cachegroups WHERE coordinate_id = ?)`,
    ),
    insert: db.prepare(
      `INSERT INTO cachegroups (name, short_name, type_id, coordinate_id, parent_cachegroup_id,
         secondary_parent_cachegroup_id, fallback_to_closest, last_updated)
       VALUES (@name, @short, @type, @coordinate, @parent, @secondary, @closest, @now)`,
    ),
    update: db.prepare(
      `UPDATE cachegroups SET name = @name, short_name = @short, type_id = @type, coordinate_id = @coordinate,
         parent_cachegroup_id = @parent, secondary_parent_cachegroup_id = @secondary,
         fallback_to_closest = @closest, last_updated = @now WHERE id = @id`,
    ),
    old: db.prepare<[number], OldRow>(
      'SELECT coordinate_id, parent_cachegroup_id, secondary_parent_cachegroup_id FROM cachegroups WHERE id = ?',
    ),
    remove: db.prepare<[number]>('DELETE FROM cachegroups WHERE id = ?'),
    clearMethods: db.prepare<[number]>('DELETE FROM cachegroup_localization_methods WHERE cachegroup_id = ?'),
    addMethod: db.prepare<[number, string]>(
      'INSERT INTO cachegroup_localization_methods (cachegroup_id, method) VALUES (?, ?)',
    ),
    clearFallbacks: db.prepare<[number]>('DELETE FROM cachegroup_fallbacks WHERE primary_cachegroup_id = ?'),
    addFallback: db.prepare<[number, number, number]>(
      'INSERT INTO cachegroup_fallbacks (primary_cachegroup_id, backup_cachegroup_id, set_order) VALUES (?, ?, ?)',
    ),
    queueAffected: db
      .prepare<{ p: number; now: number }, string>(
        `UPDATE servers SET ${raiseUpdSet('@now')} WHERE id IN (SELECT id FROM (${CG_AFFECTED_SQL('@p')})) RETURNING host_name`,
      )
      .pluck(),
    queueServer: db.prepare<[{ now: number; id: number }]>(`UPDATE servers SET ${raiseUpdSet('@now')} WHERE id = @id`),
    link: db.prepare<[number, number, number]>(
      'INSERT INTO cachegroup_parameters (cachegroup_id, parameter_id, last_updated) VALUES (?, ?, ?)',
    ),
    assign: db.prepare<[number, number]>(
      'INSERT INTO deliveryservice_servers (deliveryservice_id, server_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
    ),
  };
}

/** The synchronous writes, each meant to run inside one logged transaction. */
function writers(s: ReturnType<typeof statements>) {
  const coordinate = (f: CachegroupFields, now: number) => ({
    name: coordinateName(f.name),
    lat: f.latitude,
    long: f.longitude,
    now,
  });
  const sides = (id: number, f: CachegroupFields) => {
    s.clearMethods.run(id);
    for (const method of f.localizationMethods) s.addMethod.run(id, method);
    s.clearFallbacks.run(id);
    f.fallbackIds.forEach((backup, i) => s.addFallback.run(id, backup, i + 1));
  };
  const insert = (f: CachegroupFields, now: number): number => {
    const coord = hasCoordinate(f) ? s.upsertCoordinate.get(coordinate(f, now))! : null;
    const id = Number(s.insert.run(rowParams(f, now, coord)).lastInsertRowid);
    sides(id, f);
    return id;
  };
  // The group's own coordinate, `from_cachegroup_<name>`; one a snapshot named (maybe shared) is left as it is.
  const keepCoordinate = (f: CachegroupFields, now: number): number | null =>
    hasCoordinate(f) ? s.upsertCoordinate.get(coordinate(f, now))! : null;
  const update = (id: number, f: CachegroupFields, now: number): CachegroupUpdate => {
    const old = s.old.get(id);
    if (!old) return { found: false, queued: [] };
    const coord = keepCoordinate(f, now);
    s.update.run({ ...rowParams(f, now, coord), id });
    if (old.coordinate_id !== null && coord !== old.coordinate_id)
      s.dropCoordinate.run(old.coordinate_id, old.coordinate_id, old.coordinate_id);
    sides(id, f);
    const moved =
      old.parent_cachegroup_id !== f.parentCachegroupId ||
      old.secondary_parent_cachegroup_id !== f.secondaryParentCachegroupId;
    return { found: true, queued: moved ? s.queueAffected.all({ p: id, now }).sort() : [] };
  };
  const remove = (id: number): boolean => {
    const old = s.old.get(id);
    if (!old) return false;
    s.remove.run(id);
    if (old.coordinate_id !== null) s.dropCoordinate.run(old.coordinate_id, old.coordinate_id, old.coordinate_id);
    return true;
  };
  return { insert, update, remove };
}

export function sqliteCachegroupWrites(db: Db): Writes {
  const s = statements(db);
  const { insert, update, remove } = writers(s);
  const logged = loggedWrite(db);
  return {
    async insert(fields, now, change) {
      return guardWrite(() => logged(() => insert(fields, now), change));
    },
    async update(id, fields, now, change) {
      return guardWrite(() => logged(() => update(id, fields, now), change));
    },
    async delete(id, change) {
      return guardWrite(() => logged(() => remove(id), change));
    },
    async linkParameters(pairs, now) {
      guardWrite(() =>
        logged(() => {
          for (const p of pairs) s.link.run(p.cachegroupId, p.parameterId, now);
        }, undefined),
      );
    },
    async assignDeliveryServices(serverIds, dsIds, now, change, locations) {
      guardWrite(() =>
        logged(() => {
          for (const server of serverIds) {
            for (const ds of dsIds) s.assign.run(ds, server);
            s.queueServer.run({ now, id: server });
          }
          if (locations) setLocations(db, locations, now);
        }, change),
      );
    },
  };
}
