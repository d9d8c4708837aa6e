import type { QueryResultRow } from 'pg';
import { guardPg } from './faults.js';
import type { PgQueryable } from './pool.js';

/**
 * A named prepared statement: PostgreSQL parses and plans it once per connection, then runs it with new values.
 * The text is a constant of the module that declares it; values always travel as parameters ($1, $2, ...).
 */
export interface PgStatement<P extends unknown[], R extends QueryResultRow> {
  all(db: PgQueryable, ...params: P): Promise<R[]>;
  get(db: PgQueryable, ...params: P): Promise<R | undefined>;
  /** Runs it; answers the number of rows it touched. */
  run(db: PgQueryable, ...params: P): Promise<number>;
}

const names = new Set<string>();

export function statement<P extends unknown[] = [], R extends QueryResultRow = QueryResultRow>(
  name: string,
  text: string,
): PgStatement<P, R> {
  if (names.has(name)) throw new Error(`two PostgreSQL statements are named ${name}`);
  names.add(name);
  const query = (db: PgQueryable, values: unknown[]) => guardPg(() => db.query<R>({ name, text, values }));
  return {
    async all(db, ...params) {
      return (await query(db, params)).rows;
    },
    async get(db, ...params) {
      return (await query(db, params)).rows[0];
    },
    async run(db, ...params) {
      return (await query(db, params)).rowCount ?? 0;
    },
  };
}
