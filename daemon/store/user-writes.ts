import { type Change } from './change-log.js';
import { type UserFields } from './user-rows.js';

/** A unique column another user already holds. */
export type TakenField = 'username' | 'email';

/** A new token to store, hashed; it replaces the user's unused tokens of the same purpose. */
export interface TokenGrant {
  tokenHash: string;
  expiresAt: number;
}

/** The outcome of storing a registration: the pending user's id, or the e-mail belongs to a completed user. */
export type RegistrationResult = { userId: number } | { completed: true };

/** The users API's writes, each one transaction so that checks and writes cannot interleave with others. */
export interface UserWriteStore {
  /** Inserts a user unless its username or e-mail (any case) is taken; `change` is logged in the same transaction. */
  create(
    fields: UserFields,
    now: number,
    change?: Change<{ id: number } | { taken: TakenField }>,
  ): Promise<{ id: number } | { taken: TakenField }>;
  /**
   * Replaces user `id`'s writable columns unless the new username or e-mail belongs to another user. When
   * `passwordChanged`, also ends the user's other sessions (all but `keepSessionHash`) and drops unused tokens.
   */
  updateProfile(
    id: number,
    fields: UserFields,
    now: number,
    options: { passwordChanged: boolean; keepSessionHash: string | null },
    change?: Change<{ ok: true } | { taken: TakenField }>,
  ): Promise<{ ok: true } | { taken: TakenField }>;
  /**
   * Creates or refreshes the pending user of `email` (newUser, no password, a placeholder username) with the
   * role and tenant given, and stores its registration token.
   */
  savePendingRegistration(
    r: { email: string; roleId: number; tenantId: number; token: TokenGrant; now: number },
    change?: Change<RegistrationResult>,
  ): Promise<RegistrationResult>;
  /** Stores a password-reset token for the user; its other unused reset tokens stay valid until they expire. */
  savePasswordReset(userId: number, token: TokenGrant, now: number): Promise<void>;
}

/** The placeholder username of a pending registration: `pending-<local part>`, suffixed until free. */
export function placeholderUsernames(email: string): () => string {
  const local =
    email
      .split('@')[0]
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '') || 'user';
  let n = 1;
  return () => (n++ === 1 ? `pending-${local}` : `pending-${local}-${n - 1}`);
}
