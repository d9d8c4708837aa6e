import { profileWrites } from '../profile-admin.js';
import { sqliteWorkRunner } from './sql-work.js';
import type { Db } from './db.js';
import { type ProfileRow, type ProfileStore, SELECT, toProfile } from '../profiles.js';

export function sqliteProfiles(db: Db): ProfileStore {
  // Profiles are few (tens), so one statement with optional parameters serves every filter combination.
  const list = db.prepare<{ id: number | null; name: string | null; cdn: number | null }, ProfileRow>(
    `${SELECT}
      WHERE (@id IS NULL OR p.id = @id) AND (@name IS NULL OR p.name = @name) AND (@cdn IS NULL OR p.cdn_id = @cdn)
      ORDER BY p.id`,
  );
  const get = db.prepare<[number], ProfileRow>(`${SELECT} WHERE p.id = ?`);
  return {
    ...profileWrites(sqliteWorkRunner(db)),
    async list(filters) {
      return list
        .all({ id: filters.id ?? null, name: filters.name ?? null, cdn: filters.cdnId ?? null })
        .map(toProfile);
    },
    async get(id) {
      const row = get.get(id);
      return row ? toProfile(row) : null;
    },
  };
}
