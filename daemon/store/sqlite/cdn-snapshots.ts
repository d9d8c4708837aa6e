import type { Db } from './db.js';
import { loggedWrite } from './change-log.js';
import { guardWrite } from '../faults.js';
import { toCdnSnapshot, type CdnSnapshotRow, type CdnSnapshotStore } from '../cdn-snapshots.js';

/** The published CRConfig and monitoring configuration of each CDN on SQLite (issue 35). */
export function sqliteCdnSnapshots(db: Db): CdnSnapshotStore {
  const get = db.prepare<[number], CdnSnapshotRow>('SELECT * FROM cdn_snapshots WHERE cdn_id = ?');
  const put = db.prepare(
    `INSERT INTO cdn_snapshots (cdn_id, crconfig, monitoring, last_updated) VALUES (@cdn, @cr, @mon, @at)
     ON CONFLICT (cdn_id) DO UPDATE SET crconfig = excluded.crconfig, monitoring = excluded.monitoring,
       last_updated = excluded.last_updated`,
  );
  const logged = loggedWrite(db);
  return {
    async get(cdnId) {
      const row = get.get(cdnId);
      return row ? toCdnSnapshot(row) : null;
    },
    async put(s, change) {
      guardWrite(() =>
        logged(() => {
          put.run({ cdn: s.cdnId, cr: s.crconfig, mon: s.monitoring, at: s.lastUpdated });
        }, change),
      );
    },
  };
}
