import { StoreUnavailableError } from '../unavailable.js';
import { guardPg, isRetryable } from './faults.js';
import type { PgClient, PgPool } from './pool.js';

const ATTEMPTS = 5;

/**
 * Runs `work` in one transaction on one connection of the pool and commits; any error rolls it back. A deadlock
 * or serialization failure (two writers bumping the same table versions in opposite orders, say) runs the whole
 * transaction again, so `work` must do nothing outside the database that cannot be repeated.
 */
export async function inTransaction<T>(pool: PgPool, work: (client: PgClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await guardPg(() => pool.connect());
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      if (isRetryable(err) && attempt < ATTEMPTS) continue;
      if (err instanceof StoreUnavailableError) throw err;
      return await guardPg(() => Promise.reject(err));
    } finally {
      client.release(broken);
    }
  }
}
