import { USER_SELECT, toUser, type UserRow } from '../user-rows.js';
import type { UserStore } from '../users.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';
import { pgUserQueries } from './user-queries.js';
import { insertUser, updateUser } from './user-statements.js';
import { pgUserWrites } from './user-writes.js';

const byId = statement<[number], UserRow>('users_by_id', `${USER_SELECT} WHERE u.id = $1`);
const byUsername = statement<[string], UserRow>('users_by_username', `${USER_SELECT} WHERE u.username = $1`);
// ASCII letters only, any case: SQLite's COLLATE NOCASE (lower() under the "C" collation folds ASCII alone).
const byEmail = statement<[string], UserRow>(
  'users_by_email',
  `${USER_SELECT} WHERE lower(u.email COLLATE "C") = lower($1 COLLATE "C") ORDER BY u.id LIMIT 1`,
);
const list = statement<[], UserRow>('users_list', `${USER_SELECT} ORDER BY u.username COLLATE "C"`);
const setPassword = statement<[string, number, number]>(
  'users_set_password',
  'UPDATE users SET local_passwd = $1, last_updated = $2 WHERE id = $3',
);

/** Users on PostgreSQL: lookups, plus the queries and writes of user-queries.ts and user-writes.ts. */
export function pgUsers(pool: PgPool): UserStore {
  return {
    ...pgUserQueries(pool),
    ...pgUserWrites(pool),
    async byId(id) {
      const row = await byId.get(pool, id);
      return row ? toUser(row) : null;
    },
    async byUsername(username) {
      const row = await byUsername.get(pool, username);
      return row ? toUser(row) : null;
    },
    async byEmail(email) {
      const row = await byEmail.get(pool, email);
      return row ? toUser(row) : null;
    },
    async list() {
      return (await list.all(pool)).map(toUser);
    },
    async insert(fields, now) {
      return insertUser(pool, fields, now);
    },
    async update(id, fields, now) {
      await updateUser(pool, id, fields, now);
    },
    async setPassword(id, hash, now) {
      await setPassword.run(pool, hash, now, id);
    },
  };
}
