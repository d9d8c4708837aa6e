import type { TokenPurpose, TokenStore } from '../tokens.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

const create = statement<[string, number, TokenPurpose, number, number]>(
  'tokens_create',
  'INSERT INTO user_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
);
// One statement decides and marks: of several daemons consuming the same token at once, the row lock lets one
// UPDATE through and the others re-check `used_at IS NULL` after it commits, and find nothing.
const consume = statement<[number, string], { user_id: number; purpose: TokenPurpose }>(
  'tokens_consume',
  `UPDATE user_tokens SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1
   RETURNING user_id, purpose`,
);
const revoke = statement<[number, TokenPurpose]>(
  'tokens_revoke',
  'DELETE FROM user_tokens WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
);

/** Registration and reset tokens on PostgreSQL: single-use across every daemon on the database. */
export function pgTokens(pool: PgPool): TokenStore {
  return {
    async create(t) {
      await create.run(pool, t.tokenHash, t.userId, t.purpose, t.createdAt, t.expiresAt);
    },
    async consume(tokenHash, now) {
      const row = await consume.get(pool, now, tokenHash);
      return row ? { userId: row.user_id, purpose: row.purpose } : null;
    },
    async revoke(userId, purpose) {
      await revoke.run(pool, userId, purpose);
    },
  };
}
