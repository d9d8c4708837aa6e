import type { ResetRequestStore } from '../reset-requests.js';
import { resetClientWait } from '../reset-clients.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

// Requests of one client address are decided one at a time, whichever daemon took them: a transaction-scoped
// advisory lock on the address (two lock keys: a constant naming this use, and the address's hash).
const RESET_CLIENT_LOCK = 0x72737463; // "rstc"
const lock = statement<[number, string]>('reset_clients_lock', 'SELECT pg_advisory_xact_lock($1, hashtext($2))');
const forget = statement<[number]>('reset_clients_forget', 'DELETE FROM reset_clients WHERE requested_at <= $1');
const window = statement<[string, number], { count: number; oldest: number | null }>(
  'reset_clients_window',
  'SELECT count(*) AS count, min(requested_at) AS oldest FROM reset_clients WHERE client = $1 AND requested_at > $2',
);
const note = statement<[string, number]>(
  'reset_clients_note',
  'INSERT INTO reset_clients (client, requested_at) VALUES ($1, $2)',
);

/** ResetRequestStore.admitClient on PostgreSQL: the per-address limit counted atomically across every daemon. */
export function pgAdmitResetClient(pool: PgPool): ResetRequestStore['admitClient'] {
  return (client, at, windowMs, limit) =>
    inTransaction(pool, async (tx) => {
      await lock.run(tx, RESET_CLIENT_LOCK, client);
      await forget.run(tx, at - windowMs);
      const seen = (await window.get(tx, client, at - windowMs)) ?? { count: 0, oldest: null };
      const wait = resetClientWait(seen, at, windowMs, limit);
      if (wait === 0) await note.run(tx, client, at);
      return wait;
    });
}
