import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import type { TokenPurpose, TokenStore } from '../tokens.js';

export function sqliteTokens(db: Db): TokenStore {
  const create = db.prepare(
    'INSERT INTO user_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const consume = db.prepare<[number, string, number], { user_id: number; purpose: TokenPurpose }>(
    `UPDATE user_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
     RETURNING user_id, purpose`,
  );
  const revoke = db.prepare('DELETE FROM user_tokens WHERE user_id = ? AND purpose = ? AND used_at IS NULL');
  return {
    async create(t) {
      guardWrite(() => create.run(t.tokenHash, t.userId, t.purpose, t.createdAt, t.expiresAt));
    },
    async consume(tokenHash, now) {
      const row = guardWrite(() => consume.get(now, tokenHash, now));
      return row ? { userId: row.user_id, purpose: row.purpose } : null;
    },
    async revoke(userId, purpose) {
      guardWrite(() => revoke.run(userId, purpose));
    },
  };
}
