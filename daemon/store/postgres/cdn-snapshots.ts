import { toCdnSnapshot, type CdnSnapshotRow, type CdnSnapshotStore } from '../cdn-snapshots.js';
import { loggedWritePg } from './change-append.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

const get = statement<[number], CdnSnapshotRow>(
  'cdn_snapshots_get',
  'SELECT * FROM cdn_snapshots WHERE cdn_id = $1::integer',
);
const put = statement<[number, string, string, number]>(
  'cdn_snapshots_put',
  `INSERT INTO cdn_snapshots (cdn_id, crconfig, monitoring, last_updated) VALUES ($1, $2, $3, $4)
   ON CONFLICT (cdn_id) DO UPDATE SET crconfig = excluded.crconfig, monitoring = excluded.monitoring,
     last_updated = excluded.last_updated`,
);

/** The published snapshots on PostgreSQL: the same answers as sqliteCdnSnapshots. */
export function pgCdnSnapshots(pool: PgPool): CdnSnapshotStore {
  return {
    async get(cdnId) {
      const row = await get.get(pool, cdnId);
      return row ? toCdnSnapshot(row) : null;
    },
    async put(s, change) {
      await loggedWritePg(
        pool,
        async (client) => {
          await put.run(client, s.cdnId, s.crconfig, s.monitoring, s.lastUpdated);
        },
        change,
      );
    },
  };
}
