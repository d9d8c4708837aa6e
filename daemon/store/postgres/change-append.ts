import { LOG_LEVEL, type Change, type ChangeEntry } from '../change-log.js';
import { statement } from './statement.js';
import type { PgClient, PgPool } from './pool.js';
import { inTransaction } from './transaction.js';

const insertEntry = statement<[string, string, number | null, string | null, number | null, number[], number]>(
  'log_append',
  `INSERT INTO log (level, message, user_id, username, ticket_num, tenant_ids, last_updated)
   VALUES ($1, $2, $3, coalesce($4, (SELECT username FROM users WHERE id = $3), '?'), $5, $6, $7)`,
);

/** Appends one change-log entry on `client`, inside the transaction of the write it describes. */
export async function appendChange(client: PgClient | PgPool, entry: ChangeEntry): Promise<void> {
  const byId = typeof entry.user === 'number';
  await insertEntry.run(
    client,
    entry.level ?? LOG_LEVEL.change,
    entry.message,
    byId ? (entry.user as number) : null,
    byId ? null : (entry.user as { name: string }).name,
    entry.ticketNum ?? null,
    [...new Set(entry.tenants ?? [])],
    entry.at,
  );
}

/** Appends the entry a `Change` answers for `result`, if any. */
export async function recordChange<R>(client: PgClient, change: Change<R> | undefined, result: R): Promise<void> {
  if (!change) return;
  const entry = typeof change === 'function' ? change(result) : change;
  if (entry) await appendChange(client, entry);
}

/** Runs a write and its change-log entry in one transaction: both commit, or neither. */
export async function loggedWritePg<R>(
  pool: PgPool,
  write: (client: PgClient) => Promise<R>,
  change: Change<R> | undefined,
): Promise<R> {
  return inTransaction(pool, async (client) => {
    const result = await write(client);
    await recordChange(client, change, result);
    return result;
  });
}
