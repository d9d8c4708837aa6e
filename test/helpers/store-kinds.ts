import { describe } from 'vitest';
import { openDatabase, type Db } from '../../daemon/store/sqlite/db.js';
import { type Store } from '../../daemon/store/index.js';
import { sqliteStore } from '../../daemon/store/sqlite/index.js';
import { openPgStore } from '../../daemon/store/postgres/index.js';
import type { PgPool } from '../../daemon/store/postgres/pool.js';
import { startPgCluster, type PgCluster } from './pg-cluster.js';

/**
 * The stores a harness runs its tests on: the embedded SQLite and PostgreSQL (issue 18). Suites that must hold on
 * both (golden replay, role and tenancy matrix, crash safety) wrap their body in `eachStore`; nothing is copied.
 * CDNCTL_TEST_STORES=sqlite (or postgres) narrows a run while working on one of them.
 */
export type StoreKind = 'sqlite' | 'postgres';

export const STORE_KINDS: readonly StoreKind[] = (() => {
  const wanted = (process.env.CDNCTL_TEST_STORES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
  return (['sqlite', 'postgres'] as const).filter((k) => wanted.includes(k));
})();

/** Registers `suite` once per store kind, in a describe block named after it. */
export function eachStore(suite: (kind: StoreKind) => void): void {
  for (const kind of STORE_KINDS) describe(`[${kind}]`, () => suite(kind));
}

let cluster: Promise<PgCluster> | null = null;

/** This test process's throw-away PostgreSQL cluster, started on first use and dropped when the process exits. */
export function sharedPgCluster(): Promise<PgCluster> {
  cluster ??= startPgCluster();
  return cluster;
}

/** A fresh database on the shared cluster: its URL. */
export async function freshDatabaseUrl(prefix = 'test'): Promise<string> {
  return (await sharedPgCluster()).createDatabase(prefix);
}

/** A fresh, migrated, empty store of `kind`; `db` / `pool` is the handle underneath (the other one is null). */
export interface KindStore {
  kind: StoreKind;
  store: Store;
  db: Db | null;
  pool: PgPool | null;
  /** The PostgreSQL URL (null on SQLite). */
  url: string | null;
}

/** Opens a store of `kind`: SQLite at `dbFile` (default in memory), PostgreSQL in a new database. */
export async function openKindStore(kind: StoreKind, dbFile = ':memory:'): Promise<KindStore> {
  if (kind === 'sqlite') {
    const db = openDatabase(dbFile);
    return { kind, store: sqliteStore(db), db, pool: null, url: null };
  }
  const url = await freshDatabaseUrl();
  const { store, pool } = await openPgStore(url);
  return { kind, store, db: null, pool, url };
}
