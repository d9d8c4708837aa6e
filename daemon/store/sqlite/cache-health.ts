import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import { HEALTH_UPSERT, type CacheHealthStore } from '../cache-health.js';

/** The health monitors' published judgements on SQLite (issue 35). */
export function sqliteCacheHealth(db: Db): CacheHealthStore {
  const serverOf = db
    .prepare<[number, string], number>('SELECT id FROM servers WHERE cdn_id = ? AND host_name = ?')
    .pluck();
  const upsert = db.prepare(
    HEALTH_UPSERT({ server: '@server', available: '@available', monitor: '@monitor', now: '@now' }),
  );
  const expire = db.prepare<[number]>('DELETE FROM cache_health WHERE reported_at < ?');
  return {
    async expire(before) {
      return guardWrite(() => expire.run(before).changes);
    },
    async report(cdnId, monitor, entries, now) {
      return guardWrite(() =>
        db
          .transaction(() => {
            const recorded: string[] = [];
            for (const e of entries) {
              const server = serverOf.get(cdnId, e.hostName);
              if (server === undefined) continue;
              upsert.run({ server, available: e.available ? 1 : 0, monitor, now });
              recorded.push(e.hostName);
            }
            return recorded.sort();
          })
          .immediate(),
      );
    },
  };
}
