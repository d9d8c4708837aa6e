import type { ResetRequest, ResetRequestStore } from '../reset-requests.js';
import type { PgPool } from './pool.js';
import { pgAdmitResetClient } from './reset-clients.js';
import { statement } from './statement.js';

const insert = statement<[string, number]>(
  'reset_requests_record',
  'INSERT INTO reset_requests (email, requested_at) VALUES ($1, $2)',
);
// Takes and removes in one statement; rows another daemon is taking at that moment are skipped, never sent twice.
const take = statement<[number | null], { id: number; email: string; requested_at: number }>(
  'reset_requests_take',
  `DELETE FROM reset_requests WHERE id IN (
     SELECT id FROM reset_requests ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
   ) RETURNING id, email, requested_at`,
);
const tokens = statement<[number, number], { n: number }>(
  'reset_requests_tokens_since',
  "SELECT count(*) AS n FROM user_tokens WHERE user_id = $1 AND purpose = 'reset' AND created_at > $2",
);

/** Password-reset requests on PostgreSQL. */
export function pgResetRequests(pool: PgPool): ResetRequestStore {
  return {
    async record(email, at) {
      await insert.run(pool, email, at);
    },
    async take(limit) {
      if (limit === 0) return [];
      // SQLite reads a negative limit as "no limit"; PostgreSQL reads NULL so.
      const rows = await take.all(pool, limit < 0 ? null : limit);
      return rows
        .sort((a, b) => a.id - b.id)
        .map((r): ResetRequest => ({ id: r.id, email: r.email, requestedAt: r.requested_at }));
    },
    async tokensSince(userId, since) {
      return (await tokens.get(pool, userId, since))?.n ?? 0;
    },
    // issue 18 (pg-cluster): the per-address limit, counted in the database (reset-clients.ts).
    admitClient: pgAdmitResetClient(pool),
  };
}
