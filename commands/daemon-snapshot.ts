import { chmodSync, existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError } from '../src/cli/errors.js';
import { dataFiles } from '../src/paths.js';
import {
  SECTIONS, SnapshotError, bootstrap, checkKeys, exportKeys, exportSnapshot, importSnapshot, openDataDirVault, openDatabase,
  snapshotText, sqliteStore, storeKeys, type Db, type ImportSummary, type SnapshotKey,
} from '../daemon/entry.js';
import { vaultSettings } from './daemon-vault.js';

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
  const parsed = readDocument(resolve(file));
  // The key store's section goes to vault.db; the rest is the snapshot proper.
  const { keys, ...doc } = (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : { snapshot: parsed }) as Record<string, unknown>;
  const document: unknown = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? doc : parsed;
  const database = dataFiles(dataDir).database;
  const fresh = !existsSync(database);
  const freshDir = !existsSync(dataDir);
  const db = openDataDir(dataDir, true);
  let done = false;
  let secrets: Awaited<ReturnType<typeof prepareKeys>> | null = null;
  try {
    // Roles, tenant root, CDN ALL and the type lists must exist before a snapshot can refer to them; and a
    // data dir imported into before its first start still gets its `admin`, exactly as a first start gives it.
    const boot = await bootstrap(db, Date.now(), process.env.CDNCTL_ADMIN_PASSWORD);
    secrets = keys === undefined ? null : await prepareKeys(dataDir, db, doc, keys);
    const summary = await importSnapshot(db, document);
    const sealed = secrets ? [await secrets.store()] : [];
    if (boot.generatedPassword) {
      const passwordFile = dataFiles(dataDir).adminPassword;
      writeFileSync(passwordFile, `${boot.generatedPassword}\n`, { mode: 0o600 });
      process.stdout.write(`created user admin with password: ${boot.generatedPassword}\n(also written to ${passwordFile})\n`);
    }
    done = true;
    process.stdout.write([`imported ${file} into ${dataDir}`, ...describeSummary(summary), ...sealed].join('\n') + '\n');
  } catch (err) {
    if (err instanceof SnapshotError) throw new CliError(err.message);
    throw err;
  } finally {
    db.close();
    await secrets?.close();
    // A failed import into a new data dir leaves no half-made database behind.
    if (fresh && !done) for (const suffix of ['', '-wal', '-shm']) rmSync(database + suffix, { force: true });
    if (freshDir && !done) rmdirSync(dataDir);
  }
}

/** `cdnctl daemon export [FILE]`: the snapshot on stdout, or in FILE (owner-only when it carries hashes or secrets). */
export async function exportCommand(file: string | undefined, dataDir: string, withHashes: boolean, withSecrets = false): Promise<void> {
  if (withSecrets && (file === undefined || file === '-')) {
    throw new CliError('--with-secrets writes key material: name a FILE (it is written readable by its owner only)');
  }
  const db = openDataDir(dataDir, false);
  let text: string;
  try {
    const doc = await exportSnapshot(db, { withHashes });
    text = withSecrets ? `${JSON.stringify({ ...doc, keys: await exportSecrets(dataDir) }, null, 2)}\n` : snapshotText(doc);
  } finally {
    db.close();
  }
  const secret = withHashes || withSecrets;
  if (file === undefined || file === '-') {
    process.stdout.write(text);
    return;
  }
  const target = resolve(file);
  // 0600 whatever it holds: even without hashes a snapshot lists every user's e-mail and the whole CDN.
  writeFileSync(target, text, { mode: 0o600 });
  chmodSync(target, 0o600);
  const what = [withHashes ? 'password hashes' : '', withSecrets ? 'key-store secrets' : ''].filter(Boolean).join(' and ');
  process.stderr.write(`exported ${dataDir} to ${file}${secret ? ` (with ${what}; keep it private)` : ''}\n`);
}

/** Every secret of the data dir's key store, opened (the master key must be at hand). */
async function exportSecrets(dataDir: string): Promise<SnapshotKey[]> {
  const { vault } = await openDataDirVault(await vaultSettings(dataDir));
  try {
    const state = vault.state;
    if (!state.available) throw new CliError(`cannot export secrets: the key store is unavailable: ${state.reason}`);
    return await exportKeys(vault);
  } finally {
    await vault.close();
  }
}

/**
 * Checks a snapshot's `keys` section before anything is written (its delivery services must exist in the
 * database or the file) and opens the key store; `store()` seals them after the snapshot's own import.
 */
async function prepareKeys(dataDir: string, db: Db, doc: Record<string, unknown>, keys: unknown) {
  const inFile = Array.isArray(doc.deliveryServices) ? doc.deliveryServices.map((d) => String((d as { xmlId?: unknown }).xmlId)) : [];
  const existing = (await sqliteStore(db).deliveryServices.list()).map((d) => d.xmlId);
  const { errors, items } = checkKeys(keys, new Set([...existing, ...inFile]), Date.now());
  if (errors.length > 0) throw new CliError(`snapshot not imported:\n  ${errors.join('\n  ')}`);
  const { vault } = await openDataDirVault(await vaultSettings(dataDir));
  const state = vault.state;
  if (!state.available) {
    await vault.close();
    throw new CliError(`snapshot not imported: it has keys and the key store is unavailable: ${state.reason}`);
  }
  return {
    async store() {
      return `keys: ${await storeKeys(vault, items)} sealed into the key store`;
    },
    close: () => vault.close(),
  };
}
