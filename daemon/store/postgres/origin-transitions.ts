import {
  SETTLED_TRANSITIONS_SQL,
  toOriginTransition,
  type OriginTransitionRow,
  type OriginTransitionStore,
} from '../origin-transitions.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

const begin = statement<[number, string, number]>(
  'origin_transitions_begin',
  `INSERT INTO ds_origin_transitions (deliveryservice_id, origin, changed_at) VALUES ($1, $2, $3)
   ON CONFLICT (deliveryservice_id, origin)
   DO UPDATE SET changed_at = GREATEST(ds_origin_transitions.changed_at, excluded.changed_at)`,
);
const ofCdn = statement<[number], OriginTransitionRow>(
  'origin_transitions_of_cdn',
  `SELECT t.deliveryservice_id, t.origin, t.changed_at FROM ds_origin_transitions t
     JOIN deliveryservices d ON d.id = t.deliveryservice_id
    WHERE d.cdn_id = $1 ORDER BY t.changed_at, t.deliveryservice_id, t.origin`,
);
const settled = statement<[], OriginTransitionRow>('origin_transitions_settled', SETTLED_TRANSITIONS_SQL);
const end = statement<[number, string, number]>(
  'origin_transitions_end',
  'DELETE FROM ds_origin_transitions WHERE deliveryservice_id = $1 AND origin = $2 AND changed_at = $3',
);

/** Origin transitions on PostgreSQL: the same answers as sqliteOriginTransitions. */
export function pgOriginTransitions(pool: PgPool): OriginTransitionStore {
  return {
    async begin(ds, origin, at) {
      await begin.run(pool, ds, origin, at);
    },
    async ofCdn(cdnId) {
      return (await ofCdn.all(pool, cdnId)).map(toOriginTransition);
    },
    async settle() {
      // A read first: most check-ins end nothing, and a DELETE would move the table's version even then.
      const rows = await settled.all(pool);
      if (rows.length === 0) return [];
      return inTransaction(pool, async (client) => {
        for (const r of rows) await end.run(client, Number(r.deliveryservice_id), r.origin, Number(r.changed_at));
        return rows.map(toOriginTransition);
      });
    },
  };
}
