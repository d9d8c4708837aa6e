import pg from 'pg';

/** int8 (bigint) columns hold epoch milliseconds and counts, all far below 2^53: read them as numbers. */
const INT8_OID = 20;
const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === INT8_OID && format !== 'binary') return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export type PgPool = pg.Pool;
export type PgClient = pg.PoolClient;
/** What runs a query: the pool (autocommit) or one transaction's client. */
export type PgQueryable = pg.Pool | pg.PoolClient;

export interface PgPoolOptions {
  /** Connections this daemon keeps at most (default 10). */
  max?: number;
  /** Milliseconds to wait for a connection before failing (default 5000). */
  connectionTimeoutMillis?: number;
}

/** A pool of connections to the database at `url` (postgres://USER:PASS@HOST:PORT/DB). */
export function openPgPool(url: string, options: PgPoolOptions = {}): PgPool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
    idleTimeoutMillis: 30_000,
    types,
    application_name: 'cdnctl',
  });
  // A connection the server drops (restart, failover, pg_terminate_backend) must never crash the daemon. The pool
  // reports an idle client's death as its own 'error' event; a checked-out client (a transaction, the migration)
  // emits 'error' on itself, which with no listener is an uncaught exception. Every client gets a listener for its
  // whole life: the query it was running fails (a 503 through guardPg), and the pool discards the client on release
  // since it is no longer queryable, so the next request connects afresh.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

export { isPostgresUrl, redactDatabaseUrl } from './redact.js';
