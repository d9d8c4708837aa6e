import { loggedWrite } from './change-log.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import { AbortDs, type FederationWriteStore, type UpdateOutcome } from '../federation-writes.js';

/** The prepared statements. */
function statements(db: Db) {
  const insert = db.prepare<[string, number, string | null, number | null, number], { id: number }>(
    `INSERT INTO federations (cname, ttl, description, cdn_id, last_updated) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING RETURNING id`,
  );
  const exists = db.prepare<[number], { id: number }>('SELECT id FROM federations WHERE id = ?');
  const cnameOwner = db.prepare<[string], { id: number }>('SELECT id FROM federations WHERE cname = ?');
  const update = db.prepare<[string, number, string | null, number | null, number, number]>(
    'UPDATE federations SET cname = ?, ttl = ?, description = ?, cdn_id = coalesce(?, cdn_id), last_updated = ? WHERE id = ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM federations WHERE id = ?');
  const dsExists = db.prepare<[number], { id: number }>('SELECT id FROM deliveryservices WHERE id = ?');
  const clear = db.prepare<[number]>('DELETE FROM federation_deliveryservices WHERE federation_id = ?');
  const linked = db.prepare<[number, number], { n: number }>(
    'SELECT 1 AS n FROM federation_deliveryservices WHERE federation_id = ? AND deliveryservice_id = ?',
  );
  const link = db.prepare<[number, number]>(
    'INSERT INTO federation_deliveryservices (federation_id, deliveryservice_id) VALUES (?, ?)',
  );
  const count = db.prepare<[number], { n: number }>(
    'SELECT count(*) AS n FROM federation_deliveryservices WHERE federation_id = ?',
  );
  const unlink = db.prepare<[number, number]>(
    'DELETE FROM federation_deliveryservices WHERE federation_id = ? AND deliveryservice_id = ?',
  );
  return { insert, exists, cnameOwner, update, remove, dsExists, clear, linked, link, count, unlink };
}

export function sqliteFederationWrites(db: Db): FederationWriteStore {
  const { insert, exists, cnameOwner, update, remove, dsExists, clear, linked, link, count, unlink } = statements(db);
  const logged = loggedWrite(db);

  const updateTx = (id: number, f: Parameters<FederationWriteStore['update']>[1], now: number): UpdateOutcome => {
    if (!exists.get(id)) return 'missing';
    const owner = cnameOwner.get(f.cname);
    if (owner && owner.id !== id) return 'taken';
    update.run(f.cname, f.ttl, f.description, f.cdnId, now, id);
    return 'updated';
  };
  const assignTx = (id: number, dsIds: number[], replace: boolean) => {
    if (replace) clear.run(id);
    for (const dsId of dsIds) {
      if (!dsExists.get(dsId)) throw new AbortDs({ kind: 'missing', dsId });
      if (linked.get(id, dsId)) throw new AbortDs({ kind: 'duplicate', dsId });
      link.run(id, dsId);
    }
    return { kind: 'assigned', count: dsIds.length } as const;
  };
  const unlinkTx = (id: number, dsId: number) => {
    if (!linked.get(id, dsId)) return 'not-linked';
    if (count.get(id)!.n <= 1) return 'last';
    unlink.run(id, dsId);
    return 'removed';
  };

  return {
    async insert(f, now, change) {
      return guardWrite(() =>
        logged(() => insert.get(f.cname, f.ttl, f.description, f.cdnId, now)?.id ?? null, change),
      );
    },
    async update(id, f, now, change) {
      return guardWrite(() => logged(() => updateTx(id, f, now), change));
    },
    async remove(id, change) {
      return guardWrite(() => logged(() => remove.run(id).changes > 0, change));
    },
    async assignDeliveryServices(id, dsIds, replace, change) {
      try {
        return guardWrite(() => logged(() => assignTx(id, dsIds, replace), change));
      } catch (err) {
        if (err instanceof AbortDs) return err.outcome;
        throw err;
      }
    },
    async removeDeliveryService(id, dsId, change) {
      return guardWrite(() => logged(() => unlinkTx(id, dsId), change));
    },
  };
}
