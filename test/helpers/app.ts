import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../daemon/app.js';
import { bootstrap } from '../../daemon/store/bootstrap.js';
import { openDatabase, type Db } from '../../daemon/store/db.js';
import { sqliteStore, type Store } from '../../daemon/store/index.js';
import { newMasterKey } from '../../daemon/vault/master-key.js';
import { openVaultDatabase, sqliteKeyStore } from '../../daemon/vault/sqlite-keystore.js';
import { Vault } from '../../daemon/vault/vault.js';

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
  db: Db;
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

/** A fresh daemon app over an in-memory database with the first-start records and `admin`. */
export async function makeApp(
  options: Partial<BuildOptions> & { dbFile?: string; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const db = openDatabase(options.dbFile ?? ':memory:');
  const clock = testClock();
  await bootstrap(db, clock.now(), ADMIN_PASSWORD);
  const store = sqliteStore(db);
  const vault = options.vault ?? (await memoryVault());
  const { beforeReady, ...buildOptions } = options;
  const app = await buildApp({ store, clock: clock.now, ...buildOptions, vault });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
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

/** Logs in through the API and answers the `mojolicious=...` cookie pair. */
export async function login(app: FastifyInstance, u: string, p: string, version = '1.2'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `/api/${version}/user/login`, payload: { u, p } });
  if (res.statusCode !== 200) throw new Error(`login ${u} failed: ${res.statusCode} ${res.body}`);
  const cookie = String(res.headers['set-cookie']).split(';')[0];
  return cookie;
}
