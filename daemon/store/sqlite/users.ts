import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import { sqliteUserQueries } from './user-queries.js';
import { USER_COLUMNS, USER_SELECT, toUser, userParams, type UserRow } from '../user-rows.js';
import { sqliteUserWrites } from './user-writes.js';
import type { UserStore } from '../users.js';

/** The user store over SQLite: lookups, plus the queries and writes of user-queries.ts and user-writes.ts. */
export function sqliteUsers(db: Db): UserStore {
  const byId = db.prepare<[number], UserRow>(`${USER_SELECT} WHERE u.id = ?`);
  const byUsername = db.prepare<[string], UserRow>(`${USER_SELECT} WHERE u.username = ?`);
  const byEmail = db.prepare<[string], UserRow>(`${USER_SELECT} WHERE u.email = ? COLLATE NOCASE`);
  const list = db.prepare<[], UserRow>(`${USER_SELECT} ORDER BY u.username`);
  const insert = db.prepare(
    `INSERT INTO users (${USER_COLUMNS.join(', ')}) VALUES (${USER_COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const update = db.prepare(`UPDATE users SET ${USER_COLUMNS.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`);
  const setPassword = db.prepare('UPDATE users SET local_passwd = ?, last_updated = ? WHERE id = ?');
  return {
    ...sqliteUserQueries(db),
    ...sqliteUserWrites(db),
    async byId(id) {
      const row = byId.get(id);
      return row ? toUser(row) : null;
    },
    async byUsername(username) {
      const row = byUsername.get(username);
      return row ? toUser(row) : null;
    },
    async byEmail(email) {
      const row = byEmail.get(email);
      return row ? toUser(row) : null;
    },
    async list() {
      return list.all().map(toUser);
    },
    async insert(fields, now) {
      return Number(guardWrite(() => insert.run(userParams(fields, now))).lastInsertRowid);
    },
    async update(id, fields, now) {
      guardWrite(() => update.run({ ...userParams(fields, now), id }));
    },
    async setPassword(id, hash, now) {
      guardWrite(() => setPassword.run(hash, now, id));
    },
  };
}
