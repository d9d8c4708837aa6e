import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { hashPassword } from '../../../daemon/services/auth/passwords.js';
import { bootstrap } from '../../../daemon/services/auth/bootstrap.js';
import { applyPragmas, openDatabase, type Db } from '../../../daemon/store/sqlite/db.js';
import { ADMIN_PASSWORD, testClock } from '../../helpers/app.js';

export const GOLDEN_SNAPSHOT = new URL('../../fixtures/golden/setup.snapshot.json', import.meta.url);

type Doc = Record<string, Array<Record<string, unknown>>>;

/** The golden setup snapshot, freshly parsed (tests may change their copy). */
export function goldenSnapshot(): Doc {
  return JSON.parse(readFileSync(GOLDEN_SNAPSHOT, 'utf8'));
}

let hashed: Promise<Doc> | null = null;

/**
 * The golden snapshot with each `localPassword` replaced by its hash, computed once per file: importing it costs
 * no scrypt, which keeps the many tests that do not test passwords fast.
 */
export async function goldenSnapshotHashed(): Promise<Doc> {
  hashed ??= (async () => {
    const doc = goldenSnapshot();
    doc.users = await Promise.all(
      doc.users.map(async ({ localPassword, ...u }) => ({
        ...u,
        localPasswordHash: await hashPassword(String(localPassword)),
      })),
    );
    return doc;
  })();
  return JSON.parse(JSON.stringify(await hashed)) as Doc;
}

let template: Promise<Buffer> | null = null;

/** A fresh in-memory database with the first-start records and `admin` (bootstrapped once, then copied). */
export async function freshDb(now = testClock().now()): Promise<Db> {
  template ??= (async () => {
    const db = openDatabase(':memory:');
    await bootstrap(db, now, ADMIN_PASSWORD);
    const image = db.serialize();
    db.close();
    return image;
  })();
  const db = new Database(await template);
  applyPragmas(db);
  return db;
}

/** Tables a snapshot writes, dumped row by row in key order: equal dumps mean an unchanged database. */
const SNAPSHOT_TABLES = [
  'cdns',
  'tenants',
  'coordinates',
  'cachegroups',
  'profiles',
  'parameters',
  'profile_parameters',
  'users',
  'deliveryservices',
  'deliveryservice_users',
  'origins',
  'federations',
  'federation_deliveryservices',
  'federation_users',
  'jobs',
  'servers',
  'deliveryservice_servers',
];

export function dumpTables(db: Db): Record<string, unknown[]> {
  return Object.fromEntries(SNAPSHOT_TABLES.map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()]));
}

/** A deep copy of a JSON value. */
export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
