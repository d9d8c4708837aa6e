import {
  AbortDs,
  type DsRemoveOutcome,
  type FederationFields,
  type FederationWriteStore,
} from '../federation-writes.js';
import { loggedWritePg } from './change-append.js';
import type { PgClient, PgPool } from './pool.js';
import { statement } from './statement.js';

const insert = statement<[string, number, string | null, number | null, number], { id: number }>(
  'fed_writes_insert',
  `INSERT INTO federations (cname, ttl, description, cdn_id, last_updated) VALUES ($1, $2, $3, $4, $5)
   ON CONFLICT DO NOTHING RETURNING id`,
);
// The row lock makes concurrent writes to one federation take turns, as SQLite's writers do.
const lock = statement<[number], { id: number }>(
  'fed_writes_lock',
  'SELECT id FROM federations WHERE id = $1::bigint FOR UPDATE',
);
const cnameOwner = statement<[string], { id: number }>(
  'fed_writes_cname',
  'SELECT id FROM federations WHERE cname = $1',
);
const update = statement<[string, number, string | null, number | null, number, number]>(
  'fed_writes_update',
  'UPDATE federations SET cname = $1, ttl = $2, description = $3, cdn_id = coalesce($4, cdn_id), last_updated = $5 WHERE id = $6',
);
const remove = statement<[number]>('fed_writes_remove', 'DELETE FROM federations WHERE id = $1::bigint');
const dsExists = statement<[number], { id: number }>(
  'fed_writes_ds',
  'SELECT id FROM deliveryservices WHERE id = $1::bigint FOR KEY SHARE',
);
const clear = statement<[number]>(
  'fed_writes_clear',
  'DELETE FROM federation_deliveryservices WHERE federation_id = $1',
);
const link = statement<[number, number], { n: number }>(
  'fed_writes_link',
  `INSERT INTO federation_deliveryservices (federation_id, deliveryservice_id) VALUES ($1, $2)
   ON CONFLICT DO NOTHING RETURNING 1 AS n`,
);
const linked = statement<[number, number], { n: number }>(
  'fed_writes_linked',
  'SELECT 1 AS n FROM federation_deliveryservices WHERE federation_id = $1::bigint AND deliveryservice_id = $2::bigint',
);
const count = statement<[number], { n: string }>(
  'fed_writes_count',
  'SELECT count(*) AS n FROM federation_deliveryservices WHERE federation_id = $1::bigint',
);
const unlink = statement<[number, number]>(
  'fed_writes_unlink',
  'DELETE FROM federation_deliveryservices WHERE federation_id = $1::bigint AND deliveryservice_id = $2::bigint',
);

async function updateOne(c: PgClient, id: number, f: FederationFields, now: number) {
  if (!(await lock.get(c, id))) return 'missing' as const;
  const owner = await cnameOwner.get(c, f.cname);
  if (owner && owner.id !== id) return 'taken' as const;
  await update.run(c, f.cname, f.ttl, f.description, f.cdnId, now, id);
  return 'updated' as const;
}

async function assignAll(c: PgClient, id: number, dsIds: number[], replace: boolean) {
  await lock.get(c, id);
  if (replace) await clear.run(c, id);
  for (const dsId of dsIds) {
    if (!(await dsExists.get(c, dsId))) throw new AbortDs({ kind: 'missing', dsId });
    if (!(await link.get(c, id, dsId))) throw new AbortDs({ kind: 'duplicate', dsId });
  }
  return { kind: 'assigned', count: dsIds.length } as const;
}

async function unlinkOne(c: PgClient, id: number, dsId: number): Promise<DsRemoveOutcome> {
  await lock.get(c, id);
  if (!(await linked.get(c, id, dsId))) return 'not-linked';
  if (Number((await count.get(c, id))!.n) <= 1) return 'last';
  await unlink.run(c, id, dsId);
  return 'removed';
}

/** Federation writes on PostgreSQL: the same answers as sqliteFederationWrites. */
export function pgFederationWrites(pool: PgPool): FederationWriteStore {
  return {
    async insert(f, now, change) {
      return loggedWritePg(
        pool,
        async (c) => (await insert.get(c, f.cname, f.ttl, f.description, f.cdnId, now))?.id ?? null,
        change,
      );
    },
    async update(id, f, now, change) {
      return loggedWritePg(pool, (c) => updateOne(c, id, f, now), change);
    },
    async remove(id, change) {
      return loggedWritePg(pool, async (c) => (await remove.run(c, id)) > 0, change);
    },
    async assignDeliveryServices(id, dsIds, replace, change) {
      try {
        return await loggedWritePg(pool, (c) => assignAll(c, id, dsIds, replace), change);
      } catch (err) {
        if (err instanceof AbortDs) return err.outcome;
        throw err;
      }
    },
    async removeDeliveryService(id, dsId, change) {
      return loggedWritePg(pool, (c) => unlinkOne(c, id, dsId), change);
    },
  };
}
