import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../shared/cookies.js';
import { hashPassword } from '../../../daemon/services/auth/passwords.js';
import { hashSecret, newSecret } from '../../../daemon/services/auth/tokens.js';
import { exportSnapshot, snapshotText } from '../../../daemon/services/snapshot/export.js';
import { bootstrapForImport, importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { makeApp, type TestApp } from '../../helpers/app.js';
import { openKindStore, type KindStore, type StoreKind } from '../../helpers/store-kinds.js';
import { CACHES_SNAPSHOT } from '../security/fixture.js';
import { goldenSnapshotHashed } from '../snapshot/helpers.js';
import { applyWrite } from './roundtrip-apply.js';
import { apiWrite, type Write, type World } from './roundtrip-writes.js';

/*
 * Issue 28, finding 4: every state the API can reach exports and imports again unchanged, into an empty store of
 * either kind. Random sequences of API writes (fast-check) on a fresh app over the golden and caches fixtures;
 * then `export --with-hashes`, an import into an empty store, and a second export that must equal the first.
 */

let base: Promise<Array<Record<string, unknown>>> | null = null;

/** The golden and caches fixtures, their passwords hashed once (imports then cost no scrypt). */
function baseSnapshots(): Promise<Array<Record<string, unknown>>> {
  base ??= (async () => {
    const caches = JSON.parse(readFileSync(CACHES_SNAPSHOT, 'utf8')) as { users: Array<Record<string, unknown>> };
    caches.users = await Promise.all(
      caches.users.map(async ({ localPassword, ...u }) => ({
        ...u,
        localPasswordHash: await hashPassword(String(localPassword)),
      })),
    );
    return [await goldenSnapshotHashed(), caches];
  })();
  return base;
}

let adminHash: Promise<string> | null = null;

let app: Promise<TestApp> | null = null;
afterAll(async () => {
  await (await app)?.close();
});

/**
 * The app on SQLite, emptied and loaded with the fixtures again, and a new admin session. One app serves every
 * run (building one costs seconds): its database is wiped row by row, which moves every table's version, so no
 * answer cached before the wipe is served after it.
 */
async function freshWorld(): Promise<World> {
  app ??= makeApp({ mailer: { send: async () => undefined } });
  const t = await app;
  const tables = t.db
    .prepare<[], string>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name <> 'table_versions'",
    )
    .pluck()
    .all();
  t.db.pragma('foreign_keys = OFF');
  t.db.transaction(() => tables.forEach((table) => t.db.prepare(`DELETE FROM "${table}"`).run()))();
  t.db.pragma('foreign_keys = ON');
  await t.store.bootstrap.seed(t.clock.now());
  adminHash ??= hashPassword('Adm1nPassw0rd!');
  await t.store.bootstrap.createAdmin(await adminHash, t.clock.now());
  for (const doc of await baseSnapshots()) await importSnapshot(t.db, doc, { now: t.clock.now() });
  const admin = (await t.store.users.byUsername('admin'))!;
  const secret = newSecret();
  const at = t.clock.now();
  await t.store.sessions.create({
    idHash: hashSecret(secret),
    userId: admin.id,
    createdAt: at,
    expiresAt: at + 6 * 3600_000,
    idleExpiresAt: at + 3600_000,
  });
  return { t, cookie: `${SESSION_COOKIE}=${secret}`, now: at };
}

const targets = new Map<StoreKind, Promise<KindStore>>();
afterAll(async () => {
  for (const s of targets.values()) await (await s).store.close();
});

/** Empties a target store: every table but the schema's bookkeeping, ids starting at 1 again (as a new database). */
async function wipe(s: KindStore): Promise<void> {
  if (s.db) {
    const tables = s.db
      .prepare<[], string>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name <> 'table_versions'",
      )
      .pluck()
      .all();
    s.db.pragma('foreign_keys = OFF');
    s.db.transaction(() => tables.forEach((table) => s.db!.prepare(`DELETE FROM "${table}"`).run()))();
    s.db.pragma('foreign_keys = ON');
    return;
  }
  const { rows } = await s.pool!.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT IN ('cdnctl_migrations', 'table_versions')",
  );
  await s.pool!.query(`TRUNCATE ${rows.map((r) => `"${r.name}"`).join(', ')} RESTART IDENTITY CASCADE`);
}

/**
 * An empty store of `kind` readied as `cdnctl daemon import` readies it for `doc`. One store of each kind serves
 * every run, emptied (a new database costs its migrations).
 */
async function emptyStore(kind: StoreKind, doc: unknown): Promise<KindStore> {
  if (!targets.has(kind)) targets.set(kind, openKindStore(kind));
  const s = await targets.get(kind)!;
  await wipe(s);
  await bootstrapForImport(s.store, doc, Date.now(), 'Adm1nPassw0rd!');
  return s;
}

/** The export of the state `writes` leave, with hashes, as file text. */
async function stateAfter(writes: Write[]): Promise<string> {
  const w = await freshWorld();
  for (const write of writes) await applyWrite(w, write);
  return snapshotText(await exportSnapshot(w.t.db, { withHashes: true }));
}

/** Imports `text` into an empty store of `kind` and answers its export; importing it again changes nothing. */
async function throughStore(text: string, kind: StoreKind): Promise<string> {
  const s = await emptyStore(kind, JSON.parse(text));
  await importSnapshot(s.store, JSON.parse(text));
  const again = await importSnapshot(s.store, JSON.parse(text));
  expect(Object.entries(again).filter(([, n]) => n.created + n.updated > 0)).toEqual([]);
  return snapshotText(await exportSnapshot(s.store, { withHashes: true }));
}

const writes = fc.array(apiWrite, { minLength: 1, maxLength: 20 });
/** Runs per property: bounded for the suite; CDNCTL_ROUNDTRIP_RUNS searches longer by hand. */
const runs = (suite: number) => Number(process.env.CDNCTL_ROUNDTRIP_RUNS ?? suite);
/** The issue's own case, tried first: the same purge posted twice (the second answered with a "duplicate" warning). */
const samePurgeTwice: [Write[]] = [
  Array.from({ length: 2 }, () => ({
    kind: 'purge' as const,
    api: '1.4' as const,
    ds: 'ds1' as const,
    regex: '/a/.*' as const,
    startHours: 1,
    ttl: 24,
  })),
];

describe('snapshot round trip of every state the API reaches (issue 28, finding 4)', () => {
  it('SQLite: export, import into an empty store, export again: equal', async () => {
    await fc.assert(
      fc.asyncProperty(writes, async (list) => {
        const first = await stateAfter(list);
        expect(await throughStore(first, 'sqlite')).toBe(first);
      }),
      { numRuns: runs(15), endOnFailure: true, examples: [samePurgeTwice] },
    );
  }, 120_000);

  it('SQLite → PostgreSQL → SQLite: every export equal', async () => {
    await fc.assert(
      fc.asyncProperty(writes, async (list) => {
        const first = await stateAfter(list);
        const onPg = await throughStore(first, 'postgres');
        expect(onPg).toBe(first);
        expect(await throughStore(onPg, 'sqlite')).toBe(first);
      }),
      { numRuns: runs(5), endOnFailure: true, examples: [samePurgeTwice] },
    );
  }, 120_000);
});
