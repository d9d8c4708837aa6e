import type { Change } from '../change-log.js';
import type { Query, Work, WorkRunner } from '../sql-work.js';
import { recordChange } from './change-append.js';
import { guardPg } from './faults.js';
import type { PgPool, PgQueryable } from './pool.js';
import { inTransaction } from './transaction.js';

/** Booleans travel as 0/1, as every flag column stores them. */
const pgValue = (value: unknown): unknown => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

async function execute(db: PgQueryable, query: Query): Promise<unknown> {
  const result = await guardPg(() => db.query(query.sql, query.params.map(pgValue)));
  return query.kind === 'all' ? result.rows : (result.rowCount ?? 0);
}

async function drive<T>(db: PgQueryable, work: () => Work<T>): Promise<T> {
  const generator = work();
  let step = generator.next();
  while (!step.done) step = generator.next(await execute(db, step.value));
  return step.value;
}

/** Runs pieces of work (daemon/store/sql-work.ts) on PostgreSQL; each write in one transaction on one connection. */
export function pgWorkRunner(pool: PgPool): WorkRunner {
  return {
    async write<T>(work: () => Work<T>, changes: ReadonlyArray<Change<T>> = []) {
      return inTransaction(pool, async (client) => {
        const result = await drive(client, work);
        for (const change of changes) await recordChange(client, change, result);
        return result;
      });
    },
    async read(work) {
      return drive(pool, work);
    },
  };
}
