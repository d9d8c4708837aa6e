import { profileWrites } from '../profile-admin.js';
import { pgWorkRunner } from './sql-work.js';
import { SELECT, toProfile, type ProfileRow, type ProfileStore } from '../profiles.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

// Profiles are few: one statement with optional parameters serves every filter combination, as on SQLite.
const list = statement<[number | null, string | null, number | null], ProfileRow>(
  'profiles_list',
  `${SELECT}
    WHERE ($1::bigint IS NULL OR p.id = $1::bigint) AND ($2::text IS NULL OR p.name = $2) AND ($3::bigint IS NULL OR p.cdn_id = $3::bigint)
    ORDER BY p.id`,
);
const get = statement<[number], ProfileRow>('profiles_get', `${SELECT} WHERE p.id = $1::bigint`);

/** Profiles on PostgreSQL: the same answers as sqliteProfiles. */
export function pgProfiles(pool: PgPool): ProfileStore {
  return {
    ...profileWrites(pgWorkRunner(pool)),
    async list(filters) {
      return (await list.all(pool, filters.id ?? null, filters.name ?? null, filters.cdnId ?? null)).map(toProfile);
    },
    async get(id) {
      const row = await get.get(pool, id);
      return row ? toProfile(row) : null;
    },
  };
}
