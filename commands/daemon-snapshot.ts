import { chmodSync, existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError } from '../src/cli/errors.js';
import { dataFiles } from '../src/paths.js';
import { exportSnapshot, snapshotText } from '../daemon/snapshot/export.js';
import { importSnapshot } from '../daemon/snapshot/import.js';
import { SECTIONS, SnapshotError, type ImportSummary } from '../daemon/snapshot/types.js';
import { openDatabase, type Db } from '../daemon/store/db.js';
import { bootstrap } from '../daemon/store/bootstrap.js';

/** Opens the data dir's database directly (SQLite WAL lets this run beside a running daemon). */
function openDataDir(dataDir: string, create: boolean): Db {
  const file = dataFiles(dataDir).database;
  if (!existsSync(file)) {
    if (!create) throw new CliError(`no database in ${dataDir}`, undefined, 'start the daemon or import a snapshot first');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  }
  const db = openDatabase(file);
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
  return db;
}

function readDocument(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
}

/** One line per section that had records: `deliveryServices: 3 created, 1 updated, 8 unchanged`. */
export function describeSummary(summary: ImportSummary): string[] {
  return SECTIONS.filter((s) => summary[s].created + summary[s].updated + summary[s].unchanged > 0).map(
    (s) => `  ${s}: ${summary[s].created} created, ${summary[s].updated} updated, ${summary[s].unchanged} unchanged`,
  );
}

/** `cdnctl daemon import FILE`: validates the whole file, then writes it in one transaction, or changes nothing. */
export async function importCommand(file: string, dataDir: string): Promise<void> {
  const doc = readDocument(resolve(file));
  const database = dataFiles(dataDir).database;
  const fresh = !existsSync(database);
  const freshDir = !existsSync(dataDir);
  const db = openDataDir(dataDir, true);
  let done = false;
  try {
    // Roles, tenant root, CDN ALL and the type lists must exist before a snapshot can refer to them; and a
    // data dir imported into before its first start still gets its `admin`, exactly as a first start gives it.
    const boot = await bootstrap(db, Date.now(), process.env.CDNCTL_ADMIN_PASSWORD);
    const summary = await importSnapshot(db, doc);
    if (boot.generatedPassword) {
      const passwordFile = dataFiles(dataDir).adminPassword;
      writeFileSync(passwordFile, `${boot.generatedPassword}\n`, { mode: 0o600 });
      process.stdout.write(`created user admin with password: ${boot.generatedPassword}\n(also written to ${passwordFile})\n`);
    }
    done = true;
    process.stdout.write([`imported ${file} into ${dataDir}`, ...describeSummary(summary)].join('\n') + '\n');
  } catch (err) {
    if (err instanceof SnapshotError) throw new CliError(err.message);
    throw err;
  } finally {
    db.close();
    // A failed import into a new data dir leaves no half-made database behind.
    if (fresh && !done) for (const suffix of ['', '-wal', '-shm']) rmSync(database + suffix, { force: true });
    if (freshDir && !done) rmdirSync(dataDir);
  }
}

/** `cdnctl daemon export [FILE]`: the snapshot on stdout, or in FILE (owner-only when it carries hashes). */
export async function exportCommand(file: string | undefined, dataDir: string, withHashes: boolean): Promise<void> {
  const db = openDataDir(dataDir, false);
  let text: string;
  try {
    text = snapshotText(await exportSnapshot(db, { withHashes }));
  } finally {
    db.close();
  }
  if (file === undefined || file === '-') {
    process.stdout.write(text);
    return;
  }
  const target = resolve(file);
  // 0600 whatever it holds: even without hashes a snapshot lists every user's e-mail and the whole CDN.
  writeFileSync(target, text, { mode: 0o600 });
  chmodSync(target, 0o600);
  process.stderr.write(`exported ${dataDir} to ${file}${withHashes ? ' (with password hashes; keep it private)' : ''}\n`);
}
