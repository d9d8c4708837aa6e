import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../daemon/app.js';
import { bootstrap } from '../../daemon/services/auth/bootstrap.js';
import type { Db } from '../../daemon/store/sqlite/db.js';
import type { Store } from '../../daemon/store/index.js';
import type { PgPool } from '../../daemon/store/postgres/pool.js';
import { newMasterKey } from '../../daemon/services/vault/master-key.js';
import { openVaultDatabase, sqliteKeyStore } from '../../daemon/store/sqlite/keystore.js';
import { Vault } from '../../daemon/services/vault/vault.js';
import { openKindStore, type StoreKind } from './store-kinds.js';

export const ADMIN_PASSWORD = 'Adm1nPassw0rd!';

/** A clock tests can move. */
export function testClock(start = Date.parse('2026-11-21T12:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    set(ms: number) {
      now = ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** Which database is behind the store (issue 18: suites run on both). */
  kind: StoreKind;
  /** The SQLite handle; reading it on PostgreSQL throws (use `store`, or `pool` for raw SQL). */
  db: Db;
  /** The PostgreSQL pool (null on SQLite). */
  pool: PgPool | null;
  store: Store;
  clock: ReturnType<typeof testClock>;
  /** The key store (in memory, under a random master key, unless the options gave one). */
  vault: Vault;
  close(): Promise<void>;
}

/** A key store in memory under a new random master key. */
export async function memoryVault(): Promise<Vault> {
  return Vault.open(sqliteKeyStore(openVaultDatabase(':memory:')), newMasterKey(), '');
}

/**
 * A fresh daemon app over a new database with the first-start records and `admin`: SQLite in memory (or at
 * `dbFile`), or a new PostgreSQL database on the test process's throw-away cluster (`storeKind: 'postgres'`).
 */
export async function makeApp(
  options: Partial<BuildOptions> & {
    dbFile?: string;
    storeKind?: StoreKind;
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const { dbFile, storeKind, beforeReady, ...build } = options;
  const opened = await openKindStore(storeKind ?? 'sqlite', dbFile);
  const { store, db, pool } = opened;
  const clock = testClock();
  await bootstrap(db ?? store, clock.now(), ADMIN_PASSWORD);
  const vault = build.vault ?? (await memoryVault());
  const app = await buildApp({ store, clock: clock.now, ...build, vault });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    kind: opened.kind,
    db: db ?? noSqliteHandle(),
    pool,
    store,
    clock,
    vault,
    async close() {
      await app.close();
      await store.close();
      await vault.close();
    },
  };
}

/** Stands in for the SQLite handle of an app on PostgreSQL: any use of it fails, naming why. */
function noSqliteHandle(): Db {
  return new Proxy({} as Db, {
    get(_target, prop) {
      if (prop === 'then') return undefined;
      throw new Error(`this test app runs on PostgreSQL: it has no SQLite handle (db.${String(prop)})`);
    },
  });
}

/** Logs in through the API and answers the `mojolicious=...` cookie pair. */
export async function login(app: FastifyInstance, u: string, p: string, version = '1.2'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `/api/${version}/user/login`, payload: { u, p } });
  if (res.statusCode !== 200) throw new Error(`login ${u} failed: ${res.statusCode} ${res.body}`);
  const cookie = String(res.headers['set-cookie']).split(';')[0];
  return cookie;
}
