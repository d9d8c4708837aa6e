import type { UserFields } from '../user-rows.js';
import type { Change } from '../change-log.js';
import { placeholderUsernames, type RegistrationResult, type TakenField, type UserWriteStore } from '../user-writes.js';
import { loggedWritePg } from './change-append.js';
import type { PgClient, PgPool } from './pool.js';
import { statement } from './statement.js';
import { insertUser, updateUser } from './user-statements.js';

/**
 * Every write that checks a username or e-mail before it writes takes this lock first, until its transaction
 * ends: two daemons creating "Amy@x" and "amy@x" at once cannot both find the address free (the unique index is
 * case-sensitive; the check, like SQLite's, is not).
 */
const lockUsers = statement<[]>('user_writes_lock', "SELECT pg_advisory_xact_lock(hashtext('cdnctl.users'), 0)");
const usernameOwner = statement<[string], { id: number }>(
  'user_writes_username_owner',
  'SELECT id FROM users WHERE username = $1',
);
// ASCII letters only, any case: SQLite's COLLATE NOCASE (lower() under the "C" collation folds ASCII alone).
const emailOwner = statement<[string], { id: number; new_user: number }>(
  'user_writes_email_owner',
  'SELECT id, new_user FROM users WHERE lower(email COLLATE "C") = lower($1 COLLATE "C") ORDER BY id LIMIT 1',
);
const refreshPending = statement<[number, number, number, number]>(
  'user_writes_refresh_pending',
  'UPDATE users SET role_id = $1, tenant_id = $2, registration_sent = $3, last_updated = $3 WHERE id = $4',
);
const insertPending = statement<[string, string, number, number, number], { id: number }>(
  'user_writes_insert_pending',
  `INSERT INTO users (username, email, full_name, local_passwd, role_id, tenant_id, new_user, registration_sent, last_updated)
   VALUES ($1, $2, '', NULL, $3, $4, 1, $5, $5) RETURNING id`,
);
const revokeTokens = statement<[number, string]>(
  'user_writes_revoke_tokens',
  'DELETE FROM user_tokens WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
);
const revokeAllTokens = statement<[number]>(
  'user_writes_revoke_all_tokens',
  'DELETE FROM user_tokens WHERE user_id = $1 AND used_at IS NULL',
);
const insertToken = statement<[string, number, string, number, number]>(
  'user_writes_insert_token',
  'INSERT INTO user_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
);
const endOtherSessions = statement<[number, string | null]>(
  'user_writes_end_other_sessions',
  'DELETE FROM sessions WHERE user_id = $1 AND id_hash IS DISTINCT FROM $2',
);

async function taken(client: PgClient, fields: UserFields, selfId: number | null): Promise<TakenField | null> {
  const byName = await usernameOwner.get(client, fields.username);
  if (byName && byName.id !== selfId) return 'username';
  const byEmail = await emailOwner.get(client, fields.email);
  if (byEmail && byEmail.id !== selfId) return 'email';
  return null;
}

async function pendingUserId(
  client: PgClient,
  email: string,
  roleId: number,
  tenantId: number,
  now: number,
): Promise<number> {
  const next = placeholderUsernames(email);
  let username = next();
  while (await usernameOwner.get(client, username)) username = next();
  const row = await insertPending.get(client, username, email, roleId, tenantId, now);
  return row!.id;
}

type Registration = Parameters<UserWriteStore['savePendingRegistration']>[0];

/** The pending user of `r.email` created or refreshed, with its new registration token (the lock is held). */
async function register(client: PgClient, r: Registration): Promise<RegistrationResult> {
  const existing = await emailOwner.get(client, r.email);
  if (existing && existing.new_user === 0) return { completed: true };
  let userId: number;
  if (existing) {
    userId = existing.id;
    await refreshPending.run(client, r.roleId, r.tenantId, r.now, userId);
  } else {
    userId = await pendingUserId(client, r.email, r.roleId, r.tenantId, r.now);
  }
  // The user's unused registration tokens give way to the new one.
  await revokeTokens.run(client, userId, 'register');
  await insertToken.run(client, r.token.tokenHash, userId, 'register', r.now, r.token.expiresAt);
  return { userId };
}

/** The users API's transactional writes on PostgreSQL, each one transaction under the users lock. */
export function pgUserWrites(pool: PgPool): UserWriteStore {
  const locked = <R>(write: (client: PgClient) => Promise<R>, change: Change<R> | undefined) =>
    loggedWritePg(
      pool,
      async (client) => {
        await lockUsers.run(client);
        return write(client);
      },
      change,
    );
  return {
    async create(fields, now, change) {
      return locked(async (client) => {
        const field = await taken(client, fields, null);
        return field ? { taken: field } : { id: await insertUser(client, fields, now) };
      }, change);
    },
    async updateProfile(id, fields, now, options, change) {
      return locked(async (client) => {
        const field = await taken(client, fields, id);
        if (field) return { taken: field };
        await updateUser(client, id, fields, now);
        if (options.passwordChanged) {
          await endOtherSessions.run(client, id, options.keepSessionHash);
          await revokeAllTokens.run(client, id);
        }
        return { ok: true as const };
      }, change);
    },
    async savePendingRegistration(r, change) {
      return locked((client) => register(client, r), change);
    },
    async savePasswordReset(userId, token, now) {
      // One INSERT; the user's other unused reset tokens stay valid until they expire.
      await insertToken.run(pool, token.tokenHash, userId, 'reset', now, token.expiresAt);
    },
  };
}
