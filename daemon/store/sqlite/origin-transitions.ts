import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import {
  SETTLED_TRANSITIONS_SQL,
  toOriginTransition,
  type OriginTransitionRow,
  type OriginTransitionStore,
} from '../origin-transitions.js';

/** Origin transitions on SQLite (issue 32). */
export function sqliteOriginTransitions(db: Db): OriginTransitionStore {
  const begin = db.prepare(
    `INSERT INTO ds_origin_transitions (deliveryservice_id, origin, changed_at) VALUES (@ds, @origin, @at)
     ON CONFLICT (deliveryservice_id, origin) DO UPDATE SET changed_at = max(changed_at, excluded.changed_at)`,
  );
  const ofCdn = db.prepare<[number], OriginTransitionRow>(
    `SELECT t.deliveryservice_id, t.origin, t.changed_at FROM ds_origin_transitions t
       JOIN deliveryservices d ON d.id = t.deliveryservice_id
      WHERE d.cdn_id = ? ORDER BY t.changed_at, t.deliveryservice_id, t.origin`,
  );
  const settled = db.prepare<[], OriginTransitionRow>(SETTLED_TRANSITIONS_SQL);
  const end = db.prepare<[number, string, number]>(
    'DELETE FROM ds_origin_transitions WHERE deliveryservice_id = ? AND origin = ? AND changed_at = ?',
  );
  const settle = db.transaction(() => {
    const rows = settled.all();
    for (const r of rows) end.run(Number(r.deliveryservice_id), r.origin, Number(r.changed_at));
    return rows.map(toOriginTransition);
  });
  return {
    async begin(ds, origin, at) {
      guardWrite(() => begin.run({ ds, origin, at }));
    },
    async ofCdn(cdnId) {
      return ofCdn.all(cdnId).map(toOriginTransition);
    },
    async settle() {
      return guardWrite(() => settle());
    },
  };
}
