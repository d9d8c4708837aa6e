import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase } from '../../../../daemon/store/sqlite/db.js';
import { type Store } from '../../../../daemon/store/index.js';
import { sqliteStore } from '../../../../daemon/store/sqlite/index.js';
import { openPgStore } from '../../../../daemon/store/postgres/index.js';
import { startPgCluster, type PgCluster } from '../../../helpers/pg-cluster.js';

/** A fresh, migrated, empty store, with a way for the test to load rows (plain SQL both databases accept). */
export interface OpenedStore {
  store: Store;
  /** Runs literal SQL (test fixtures only: no parameters), then lets PostgreSQL's ids continue past the largest. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface StoreKind {
  name: 'sqlite' | 'postgres';
  open(): Promise<OpenedStore>;
}

/**
 * Runs `suite` once per store kind: the contract every Store method keeps, whichever database is behind it.
 * The PostgreSQL cluster is started once per test file and each open() gets a database of its own.
 */
export function describeEachStore(title: string, suite: (kind: StoreKind) => void): void {
  let cluster: PgCluster | null = null;
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 60_000);
  afterAll(() => cluster?.stop());

  const sqlite: StoreKind = {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'cdnctl-store-'));
      const db = openDatabase(join(dir, 'cdnctl.db'));
      const store = sqliteStore(db);
      return {
        store,
        async exec(sql) {
          db.exec(sql);
        },
        async close() {
          await store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
  const postgres: StoreKind = {
    name: 'postgres',
    async open() {
      if (!cluster) throw new Error('the PostgreSQL cluster did not start');
      const { store, pool } = await openPgStore(await cluster.createDatabase());
      return {
        store,
        async exec(sql) {
          await pool.query(sql);
          await pool.query('SELECT cdnctl_sync_identities()');
        },
        close: () => store.close(),
      };
    },
  };
  for (const kind of [sqlite, postgres]) describe(`${title} (${kind.name})`, () => suite(kind));
}
