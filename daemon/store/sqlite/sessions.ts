import { dataVersions } from './data-version.js';
import type { ChangeEntry } from '../change-log.js';
import { changeLog } from './change-log.js';
import type { Db } from './db.js';
import { writeBatcher } from './write-batch.js';
import { type SessionRecord, type SessionRow, type SessionStore, toRecord } from '../sessions.js';

export function sqliteSessions(db: Db): SessionStore {
  const create = db.prepare(
    'INSERT INTO sessions (id_hash, user_id, created_at, expires_at, idle_expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const find = db.prepare<[string], SessionRow>(
    `SELECT s.*, u.username, u.role_id, r.name AS role_name, r.priv_level, u.tenant_id
       FROM sessions s JOIN users u ON u.id = s.user_id JOIN roles r ON r.id = u.role_id
      WHERE s.id_hash = ?`,
  );
  const touch = db.prepare('UPDATE sessions SET idle_expires_at = ? WHERE id_hash = ?');
  const del = db.prepare('DELETE FROM sessions WHERE id_hash = ?');
  const delOthers = db.prepare('DELETE FROM sessions WHERE user_id = ? AND id_hash IS NOT ?');
  const delExpired = db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR idle_expires_at <= ?');
  // Every authenticated request looks its session up: found sessions are remembered for as long as the data
  // version stays the same, so a logout, a password or role change, or a commit by another process is seen at once.
  const versions = dataVersions(db);
  const batched = writeBatcher(db);
  /**
   * Runs a session write with the other writes of this turn (one disk flush for a burst of logins), and declares
   * it as sign-in bookkeeping (it changes no cached API answer).
   */
  const bookkeeping = (write: () => { changes: number }) =>
    batched(() => {
      const info = write();
      versions.noteBookkeeping(info.changes);
      return info;
    });
  const log = changeLog(db);
  /** A sign-in write with its change-log entry; the entry is bookkeeping too (only GET logs reads it, uncached). */
  const withEntry = (write: () => { changes: number }, change: ChangeEntry | undefined) => () => {
    const info = write();
    if (!change) return info;
    log.append(change);
    return { changes: info.changes + 1 };
  };
  const remembered = new Map<string, SessionRecord>();
  let rememberedAt = '';
  return {
    async create(s, change) {
      await bookkeeping(
        withEntry(() => create.run(s.idHash, s.userId, s.createdAt, s.expiresAt, s.idleExpiresAt), change),
      );
    },
    async find(idHash) {
      const version = versions.all();
      if (version !== rememberedAt) {
        remembered.clear();
        rememberedAt = version;
      }
      const known = remembered.get(idHash);
      if (known) return known;
      const r = find.get(idHash);
      if (!r) return null;
      if (remembered.size >= REMEMBERED_SESSIONS) remembered.clear();
      const record = toRecord(r);
      remembered.set(idHash, record);
      return record;
    },
    async touch(idHash, idleExpiresAt) {
      await bookkeeping(() => touch.run(idleExpiresAt, idHash));
    },
    async delete(idHash, change) {
      await bookkeeping(withEntry(() => del.run(idHash), change));
    },
    async deleteOthers(userId, keepHash) {
      await bookkeeping(() => delOthers.run(userId, keepHash));
    },
    async deleteExpired(now) {
      return (await bookkeeping(() => delExpired.run(now, now))).changes;
    },
  };
}

/** Most sessions remembered between two writes; beyond it the memory starts over. */
const REMEMBERED_SESSIONS = 10_000;
