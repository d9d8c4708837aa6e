import type { Db } from './db.js';
import type { ServerLookups } from '../servers.js';

/** The look-ups of a server write (issue 30), on SQLite. */
export function sqliteServerLookups(db: Db): ServerLookups {
  const status = db.prepare<[number], string>('SELECT name FROM statuses WHERE id = ?').pluck();
  const locById = db.prepare<[number], { id: number; name: string }>(
    'SELECT id, name FROM phys_locations WHERE id = ?',
  );
  const locByName = db.prepare<[string], { id: number; name: string }>(
    'SELECT id, name FROM phys_locations WHERE name = ?',
  );
  const conflicts = db
    .prepare<[string, number, number], number>(
      'SELECT count(*) FROM servers WHERE ip_address = ? AND profile_id = ? AND id <> ?',
    )
    .pluck();
  return {
    async statusName(id) {
      return status.get(id) ?? null;
    },
    async physLocation(ref) {
      return ('id' in ref ? locById.get(ref.id) : locByName.get(ref.name)) ?? null;
    },
    async ipConflicts(ipAddress, profileId, exceptId) {
      return conflicts.get(ipAddress, profileId, exceptId) ?? 0;
    },
  };
}
