import { chmodSync, existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError } from '../../errors.js';
import { dataFiles } from '../../../shared/paths.js';
import {
  SECTIONS,
  SnapshotError,
  bootstrapForImport,
  checkKeys,
  configuredDatabase,
  exportKeys,
  exportSnapshot,
  importSnapshot,
  openDataDirVault,
  openPostgres,
  openSqliteFile,
  snapshotText,
  storeKeys,
  type ImportSummary,
  type OpenedStore,
  type KeyStore,
  type SnapshotKey,
} from '../../../daemon/entry.js';
import { vaultSettings } from './vault.js';

/**
 * The database URL of `--database`, else CDNCTL_DATABASE_URL, else the data dir's config.json `database`; null
 * means the data dir's SQLite file.
 */
export function databaseUrlOf(flag: string | undefined, dataDir: string): string | null {
  return flag || process.env.CDNCTL_DATABASE_URL || configuredDatabase(dataDir);
}

/** Opens the data dir's SQLite file directly (SQLite WAL lets this run beside a running daemon). */
function openDataDir(dataDir: string, create: boolean): OpenedStore {
  const file = dataFiles(dataDir).database;
  if (!existsSync(file)) {
    if (!create)
      throw new CliError(`no database in ${dataDir}`, undefined, 'start the daemon or import a snapshot first');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  }
  return openSqliteFile(file);
}

/** The store to import into or export from: the PostgreSQL database at `url`, else the data dir's SQLite file. */
async function openTarget(url: string | null, dataDir: string, create: boolean): Promise<OpenedStore> {
  if (!url) return openDataDir(dataDir, create);
  try {
    return await openPostgres(url);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
}

/** A snapshot file's JSON; `-` reads standard input. */
function readDocument(file: string): unknown {
  const name = file === '-' ? 'standard input' : file;
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : resolve(file), 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${name}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliError(`${name} is not valid JSON: ${(err as Error).message}`);
  }
}

/** One line per section that had records: `deliveryServices: 3 created, 1 updated, 8 unchanged`. */
export function describeSummary(summary: ImportSummary): string[] {
  return SECTIONS.filter((s) => summary[s].created + summary[s].updated + summary[s].unchanged > 0).map(
    (s) => `  ${s}: ${summary[s].created} created, ${summary[s].updated} updated, ${summary[s].unchanged} unchanged`,
  );
}

/** `cdnctl daemon import FILE|-`: validates the whole file, then writes it in one transaction, or changes nothing. */
export async function importCommand(file: string, dataDir: string, databaseFlag?: string): Promise<void> {
  const parsed = readDocument(file);
  // The key store's section goes to vault.db; the rest is the snapshot proper.
  const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  const { keys, ...doc } = (isObject ? parsed : { snapshot: parsed }) as Record<string, unknown>;
  const document: unknown = isObject ? doc : parsed;
  const url = databaseUrlOf(databaseFlag, dataDir);
  const database = dataFiles(dataDir).database;
  const fresh = !url && !existsSync(database);
  const freshDir = !url && !existsSync(dataDir);
  const opened = await openTarget(url, dataDir, true);
  const target = url ? opened.description.replace(/^postgres /, '') : dataDir;
  let done = false;
  let secrets: Awaited<ReturnType<typeof prepareKeys>> | null = null;
  try {
    // Roles, tenant root, CDN ALL and the type lists must exist before a snapshot can refer to them; and a
    // database imported into before its first start still gets its `admin`, exactly as a first start gives it,
    // unless the snapshot brings an admin of its own (a backup restores as it was).
    const boot = await bootstrapForImport(opened.store, document, Date.now(), process.env.CDNCTL_ADMIN_PASSWORD);
    secrets = keys === undefined ? null : await prepareKeys(dataDir, opened, doc, keys);
    const summary = await importSnapshot(opened.store, document);
    const sealed = secrets ? [await secrets.store()] : [];
    if (boot.generatedPassword) reportAdminPassword(dataDir, boot.generatedPassword);
    done = true;
    process.stdout.write(
      [
        `imported ${file === '-' ? 'standard input' : file} into ${target}`,
        ...describeSummary(summary),
        ...sealed,
      ].join('\n') + '\n',
    );
  } catch (err) {
    if (err instanceof SnapshotError) throw new CliError(err.message);
    throw err;
  } finally {
    await opened.store.close();
    await secrets?.close();
    // A failed import into a new data dir leaves no half-made database behind.
    if (fresh && !done) for (const suffix of ['', '-wal', '-shm']) rmSync(database + suffix, { force: true });
    if (freshDir && !done) rmdirSync(dataDir);
  }
}

/** Prints the generated admin password, and keeps it in the data dir (when there is one) as a first start does. */
function reportAdminPassword(dataDir: string, password: string): void {
  if (!existsSync(dataDir)) {
    process.stdout.write(`created user admin with password: ${password}\n`);
    return;
  }
  const passwordFile = dataFiles(dataDir).adminPassword;
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  process.stdout.write(`created user admin with password: ${password}\n(also written to ${passwordFile})\n`);
}

/** `cdnctl daemon export [FILE]`: the snapshot on stdout, or in FILE (owner-only when it carries hashes or secrets). */
export async function exportCommand(
  file: string | undefined,
  dataDir: string,
  withHashes: boolean,
  withSecrets = false,
  databaseFlag?: string,
): Promise<void> {
  if (withSecrets && (file === undefined || file === '-')) {
    throw new CliError('--with-secrets writes key material: name a FILE (it is written readable by its owner only)');
  }
  const url = databaseUrlOf(databaseFlag, dataDir);
  const opened = await openTarget(url, dataDir, false);
  const source = url ? opened.description.replace(/^postgres /, '') : dataDir;
  let text: string;
  try {
    const doc = await exportSnapshot(opened.store, { withHashes });
    text = withSecrets
      ? `${JSON.stringify({ ...doc, keys: await exportSecrets(dataDir, opened.keyStore) }, null, 2)}\n`
      : snapshotText(doc);
  } finally {
    await opened.store.close();
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
  const what = [withHashes ? 'password hashes' : '', withSecrets ? 'key-store secrets' : '']
    .filter(Boolean)
    .join(' and ');
  process.stderr.write(`exported ${source} to ${file}${secret ? ` (with ${what}; keep it private)` : ''}\n`);
}

/** Every secret of the key store (the data dir's, or the database's on PostgreSQL), opened (the master key must be at hand). */
async function exportSecrets(dataDir: string, keyStore: KeyStore | undefined): Promise<SnapshotKey[]> {
  const { vault } = await openDataDirVault({ ...(await vaultSettings(dataDir)), keyStore });
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
async function prepareKeys(
  dataDir: string,
  { store, keyStore }: OpenedStore,
  doc: Record<string, unknown>,
  keys: unknown,
) {
  const inFile = Array.isArray(doc.deliveryServices)
    ? doc.deliveryServices.map((d) => String((d as { xmlId?: unknown }).xmlId))
    : [];
  const existing = [...(await store.snapshot.known()).deliveryServices.keys()];
  const { errors, items } = checkKeys(keys, new Set([...existing, ...inFile]), Date.now());
  if (errors.length > 0) throw new CliError(`snapshot not imported:\n  ${errors.join('\n  ')}`);
  const { vault } = await openDataDirVault({ ...(await vaultSettings(dataDir)), keyStore });
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
