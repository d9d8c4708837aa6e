import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase } from '../../../daemon/store/db.js';
import { sqliteStore, type Store } from '../../../daemon/store/index.js';
import { openPgStore } from '../../../daemon/store-pg/index.js';
import { startPgCluster, type PgCluster } from '../../helpers/pg-cluster.js';

/** Opens a fresh, migrated, empty store of one kind; `close` drops it. */
export interface StoreKind {
  name: 'sqlite' | 'postgres';
  open(): Promise<{ store: Store; close(): Promise<void> }>;
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
      const store = sqliteStore(openDatabase(join(dir, 'cdnctl.db')));
      return {
        store,
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
      const { store } = await openPgStore(await cluster.createDatabase());
      return { store, close: () => store.close() };
    },
  };
  for (const kind of [sqlite, postgres]) describe(`${title} (${kind.name})`, () => suite(kind));
}
