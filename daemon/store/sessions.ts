import { type ChangeEntry } from './change-log.js';

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
  create(
    s: { idHash: string; userId: number; createdAt: number; expiresAt: number; idleExpiresAt: number },
    change?: ChangeEntry,
  ): Promise<void>;
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
