import type { Change } from './change-log.js';

/*
 * Store logic written once for both adapters (issue 31): a piece of work is a generator that yields the queries
 * it needs and receives their answers. SQLite runs it synchronously inside one transaction; PostgreSQL runs it
 * on one connection inside one transaction. SQL is written with `$1`, `$2`… placeholders and only in what both
 * dialects accept (no casts; RETURNING and ON CONFLICT are shared). Values always travel as parameters.
 */

/** One query of a piece of work: `all` answers its rows, `run` the number of rows it changed. */
export interface Query {
  kind: 'all' | 'run';
  sql: string;
  params: unknown[];
}

/** A piece of store work answering `T`. */
export type Work<T> = Generator<Query, T, unknown>;

/** The rows of a query. */
export function* all<R>(sql: string, ...params: unknown[]): Work<R[]> {
  return (yield { kind: 'all', sql, params }) as R[];
}

/** The first row of a query, if any. */
export function* one<R>(sql: string, ...params: unknown[]): Work<R | undefined> {
  return ((yield { kind: 'all', sql, params }) as R[])[0];
}

/** Runs a statement: the number of rows it changed. */
export function* run(sql: string, ...params: unknown[]): Work<number> {
  return (yield { kind: 'run', sql, params }) as number;
}

/** `$first, $first+1, …` for `count` values: an IN list of parameters. */
export const placeholders = (first: number, count: number): string =>
  Array.from({ length: count }, (_, i) => `$${first + i}`).join(', ');

/** Runs pieces of work on one adapter. */
export interface WorkRunner {
  /** In one transaction, with each change-log entry of the result appended in it. */
  write<T>(work: () => Work<T>, changes?: ReadonlyArray<Change<T>>): Promise<T>;
  /** Reads, outside a transaction. */
  read<T>(work: () => Work<T>): Promise<T>;
}
