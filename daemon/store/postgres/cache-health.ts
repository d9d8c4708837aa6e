import { HEALTH_UPSERT, type CacheHealthStore } from '../cache-health.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

const serverOf = statement<[number, string], { id: number }>(
  'cache_health_server_of',
  'SELECT id FROM servers WHERE cdn_id = $1::integer AND host_name = $2::text',
);
const upsert = statement<[number, number, string, number]>(
  'cache_health_upsert',
  HEALTH_UPSERT({ server: '$1::integer', available: '$2::integer', monitor: '$3::text', now: '$4::bigint' }),
);

const expire = statement<[number]>('cache_health_expire', 'DELETE FROM cache_health WHERE reported_at < $1::bigint');

/** The health monitors' published judgements on PostgreSQL: the same answers as sqliteCacheHealth. */
export function pgCacheHealth(pool: PgPool): CacheHealthStore {
  return {
    async expire(before) {
      return expire.run(pool, before);
    },
    async report(cdnId, monitor, entries, now) {
      return inTransaction(pool, async (client) => {
        const recorded: string[] = [];
        for (const e of entries) {
          const row = await serverOf.get(client, cdnId, e.hostName);
          if (!row) continue;
          await upsert.run(client, row.id, e.available ? 1 : 0, monitor, now);
          recorded.push(e.hostName);
        }
        return recorded.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      });
    },
  };
}
