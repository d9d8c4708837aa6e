import { dataVersions } from './data-version.js';
import { changeLog, type ChangeEntry } from './change-log.js';
import type { Db } from './sqlite/db.js';
import { writeBatcher } from './write-batch.js';

/** A live session joined with what authorization needs of its user. */
export interface SessionRecord {
  idHash: string;
  userId: number;
  createdAt: number;
  expiresAt: number;
  idleExpiresAt: number;
  username: string;
  roleId: number;
  roleName: string;
  privLevel: number;
  tenantId: number;
}

/** Server-side sessions, keyed by the hash of the cookie value. */
export interface SessionStore {
  /** Stores a session; `change` (a login) is logged in the same transaction. */
  create(s: { idHash: string; userId: number; createdAt: number; expiresAt: number; idleExpiresAt: number }, change?: ChangeEntry): Promise<void>;
  find(idHash: string): Promise<SessionRecord | null>;
  touch(idHash: string, idleExpiresAt: number): Promise<void>;
  /** Ends a session; `change` (a logout) is logged in the same transaction. */
  delete(idHash: string, change?: ChangeEntry): Promise<void>;
  /** Ends every session of the user but `keepHash` (a password change). */
  deleteOthers(userId: number, keepHash: string | null): Promise<void>;
  deleteExpired(now: number): Promise<number>;
}

/** A session row joined with its user and role (shared with the PostgreSQL store). */
export interface SessionRow {
  id_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  idle_expires_at: number;
  username: string;
  role_id: number;
  role_name: string;
  priv_level: number;
  tenant_id: number;
}

export const toRecord = (r: SessionRow): SessionRecord =>
  Object.freeze({
    idHash: r.id_hash,
    userId: r.user_id,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    idleExpiresAt: r.idle_expires_at,
    username: r.username,
    roleId: r.role_id,
    roleName: r.role_name,
    privLevel: r.priv_level,
    tenantId: r.tenant_id,
  });

/** Most sessions remembered between two writes; beyond it the memory starts over. */
const REMEMBERED_SESSIONS = 10_000;

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
      await bookkeeping(withEntry(() => create.run(s.idHash, s.userId, s.createdAt, s.expiresAt, s.idleExpiresAt), change));
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
