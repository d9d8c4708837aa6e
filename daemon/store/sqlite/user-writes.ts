import { loggedWrite } from './change-log.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import { USER_COLUMNS, userParams, type UserFields } from '../user-rows.js';
import {
  type RegistrationResult,
  type TakenField,
  type TokenGrant,
  type UserWriteStore,
  placeholderUsernames,
} from '../user-writes.js';

/** The statements of the users API's writes, prepared once. */
function userWriteStatements(db: Db) {
  return {
    usernameOwner: db.prepare<[string], { id: number }>('SELECT id FROM users WHERE username = ?'),
    emailOwner: db.prepare<[string], { id: number; new_user: number }>(
      'SELECT id, new_user FROM users WHERE email = ? COLLATE NOCASE',
    ),
    insert: db.prepare(
      `INSERT INTO users (${USER_COLUMNS.join(', ')}) VALUES (${USER_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    ),
    update: db.prepare(`UPDATE users SET ${USER_COLUMNS.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`),
    refreshPending: db.prepare(
      'UPDATE users SET role_id = ?, tenant_id = ?, registration_sent = ?, last_updated = ? WHERE id = ?',
    ),
    insertPending: db.prepare(
      `INSERT INTO users (username, email, full_name, local_passwd, role_id, tenant_id, new_user, registration_sent, last_updated)
       VALUES (?, ?, '', NULL, ?, ?, 1, ?, ?)`,
    ),
    revokeTokens: db.prepare('DELETE FROM user_tokens WHERE user_id = ? AND purpose = ? AND used_at IS NULL'),
    revokeAllTokens: db.prepare('DELETE FROM user_tokens WHERE user_id = ? AND used_at IS NULL'),
    insertToken: db.prepare(
      'INSERT INTO user_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    ),
    endOtherSessions: db.prepare('DELETE FROM sessions WHERE user_id = ? AND id_hash IS NOT ?'),
  };
}

/** Each write as one SQLite transaction over the statements. */
function userWriteTransactions(db: Db, s: Statements) {
  return {
    create: db.transaction((fields: UserFields, now: number): { id: number } | { taken: TakenField } => {
      const field = takenField(s, fields, null);
      if (field) return { taken: field };
      return { id: Number(s.insert.run(userParams(fields, now)).lastInsertRowid) };
    }),
    updateProfile: db.transaction(
      (
        id: number,
        fields: UserFields,
        now: number,
        passwordChanged: boolean,
        keep: string | null,
      ): { ok: true } | { taken: TakenField } => {
        const field = takenField(s, fields, id);
        if (field) return { taken: field };
        s.update.run({ ...userParams(fields, now), id });
        if (passwordChanged) {
          s.endOtherSessions.run(id, keep);
          s.revokeAllTokens.run(id);
        }
        return { ok: true };
      },
    ),
    register: db.transaction(
      (email: string, roleId: number, tenantId: number, token: TokenGrant, now: number): RegistrationResult => {
        const existing = s.emailOwner.get(email);
        if (existing && existing.new_user === 0) return { completed: true };
        const userId = pendingUserId(s, existing, email, roleId, tenantId, now);
        grantToken(s, userId, 'register', token, now);
        return { userId };
      },
    ),
    reset: db.transaction((userId: number, token: TokenGrant, now: number) => {
      s.insertToken.run(token.tokenHash, userId, 'reset', now, token.expiresAt);
    }),
  };
}

/** The users API's transactional writes over SQLite. */
export function sqliteUserWrites(db: Db): UserWriteStore {
  const tx = userWriteTransactions(db, userWriteStatements(db));
  const logged = loggedWrite(db);
  return {
    async create(fields, now, change) {
      return guardWrite(() => logged(() => tx.create(fields, now), change));
    },
    async updateProfile(id, fields, now, options, change) {
      return guardWrite(() =>
        logged(() => tx.updateProfile(id, fields, now, options.passwordChanged, options.keepSessionHash), change),
      );
    },
    async savePendingRegistration(r, change) {
      return guardWrite(() => logged(() => tx.register(r.email, r.roleId, r.tenantId, r.token, r.now), change));
    },
    async savePasswordReset(userId, token, now) {
      guardWrite(() => tx.reset(userId, token, now));
    },
  };
}

/** The unique field of `fields` another user than `selfId` already holds, or null. */
function takenField(s: Statements, fields: UserFields, selfId: number | null): TakenField | null {
  const byName = s.usernameOwner.get(fields.username);
  if (byName && byName.id !== selfId) return 'username';
  const byEmail = s.emailOwner.get(fields.email);
  if (byEmail && byEmail.id !== selfId) return 'email';
  return null;
}

/** Stores a token of `purpose`, replacing the user's unused ones of that purpose. */
function grantToken(
  s: Statements,
  userId: number,
  purpose: 'register' | 'reset',
  token: TokenGrant,
  now: number,
): void {
  s.revokeTokens.run(userId, purpose);
  s.insertToken.run(token.tokenHash, userId, purpose, now, token.expiresAt);
}

/** The pending user of `email`, refreshed with the role and tenant, or inserted under a free placeholder name. */
function pendingUserId(
  s: Statements,
  existing: { id: number } | undefined,
  email: string,
  roleId: number,
  tenantId: number,
  now: number,
): number {
  if (existing) {
    s.refreshPending.run(roleId, tenantId, now, now, existing.id);
    return existing.id;
  }
  const next = placeholderUsernames(email);
  let username = next();
  while (s.usernameOwner.get(username)) username = next();
  return Number(s.insertPending.run(username, email, roleId, tenantId, now, now).lastInsertRowid);
}

type Statements = ReturnType<typeof userWriteStatements>;
