import { toRecord, type SessionRow, type SessionStore } from '../sessions.js';
import { appendChange } from './change-append.js';
import type { PgPool, PgQueryable } from './pool.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

const create = statement<[string, number, number, number, number]>(
  'sessions_create',
  'INSERT INTO sessions (id_hash, user_id, created_at, expires_at, idle_expires_at) VALUES ($1, $2, $3, $4, $5)',
);
const find = statement<[string], SessionRow>(
  'sessions_find',
  `SELECT s.*, u.username, u.role_id, r.name AS role_name, r.priv_level, u.tenant_id
     FROM sessions s JOIN users u ON u.id = s.user_id JOIN roles r ON r.id = u.role_id
    WHERE s.id_hash = $1`,
);
const touch = statement<[number, string]>(
  'sessions_touch',
  'UPDATE sessions SET idle_expires_at = $1 WHERE id_hash = $2',
);
const del = statement<[string]>('sessions_delete', 'DELETE FROM sessions WHERE id_hash = $1');
const delOthers = statement<[number, string | null]>(
  'sessions_delete_others',
  'DELETE FROM sessions WHERE user_id = $1 AND id_hash IS DISTINCT FROM $2',
);
const delExpired = statement<[number]>(
  'sessions_delete_expired',
  'DELETE FROM sessions WHERE expires_at <= $1 OR idle_expires_at <= $1',
);

/**
 * Sessions on PostgreSQL. Nothing is remembered in the process: every lookup reads the database, so a session
 * created on one daemon works on all, and a logout, password or role change on one is seen by every other at once.
 */
export function pgSessions(pool: PgPool): SessionStore {
  return {
    async create(s, change) {
      const write = (db: PgQueryable) => create.run(db, s.idHash, s.userId, s.createdAt, s.expiresAt, s.idleExpiresAt);
      if (!change) {
        await write(pool);
        return;
      }
      await inTransaction(pool, async (client) => {
        await write(client);
        await appendChange(client, change);
      });
    },
    async find(idHash) {
      const row = await find.get(pool, idHash);
      return row ? toRecord(row) : null;
    },
    async touch(idHash, idleExpiresAt) {
      await touch.run(pool, idleExpiresAt, idHash);
    },
    async delete(idHash, change) {
      if (!change) {
        await del.run(pool, idHash);
        return;
      }
      await inTransaction(pool, async (client) => {
        await del.run(client, idHash);
        await appendChange(client, change);
      });
    },
    async deleteOthers(userId, keepHash) {
      await delOthers.run(pool, userId, keepHash);
    },
    async deleteExpired(now) {
      return delExpired.run(pool, now);
    },
  };
}
