// Fills a fresh data dir with a data set through the product's own code: the daemon's bootstrap, then the
// snapshot importer (`cdnctl daemon import`'s engine) in one transaction.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_PASSWORD } from './daemon.mjs';

const dist = (path) => new URL(`../../dist/${path}`, import.meta.url).href;

/** The password every generated user has, and its hash (computed once: scrypt costs ~50 ms). */
export const USER_PASSWORD = 'Bench-Us3r-Passw0rd!';

export async function userPasswordHash() {
  const { hashPassword } = await import(dist('daemon/services/auth/passwords.js'));
  return hashPassword(USER_PASSWORD);
}

/** A new data dir under the system temp dir holding `doc`; answers its path. */
export async function seedDataDir(label, doc) {
  const [{ openDatabase }, { bootstrap }, { dataFiles }, importer] = await Promise.all([
    import(dist('daemon/store/sqlite/db.js')),
    import(dist('daemon/services/auth/bootstrap.js')),
    import(dist('shared/paths.js')),
    import(dist('daemon/services/snapshot/import.js')).catch(() => null),
  ]);
  if (!importer?.importSnapshot)
    throw new Error('the snapshot importer (dist/daemon/services/snapshot/import.js) is not built yet');
  const dataDir = mkdtempSync(join(tmpdir(), `cdnctl-bench-${label}-`));
  const db = openDatabase(dataFiles(dataDir).database);
  try {
    await bootstrap(db, Date.now(), ADMIN_PASSWORD);
    await importer.importSnapshot(db, doc);
  } finally {
    db.close();
  }
  return dataDir;
}
