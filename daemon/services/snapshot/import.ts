import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { bootstrap, type BootstrapResult } from '../auth/bootstrap.js';
import type { SnapshotStore } from '../../store/snapshot-store.js';
import { storeOf, type StoreOrDb } from '../../store/sqlite/store-of.js';
import { SnapshotError, type ImportSummary, type UserModel, type UserWrite } from '../../store/snapshot-types.js';
import { validateSnapshot } from './validate.js';

/**
 * The hash to store for each user: a given hash as it is; a plain password hashed, unless the stored hash already
 * matches it (then it is kept, so importing the same file twice changes nothing). Runs before the transaction,
 * since hashing is slow and the write's transaction should hold its locks only for the write.
 */
async function resolvePasswords(snapshots: SnapshotStore, users: UserModel[]): Promise<UserWrite[]> {
  const stored = await snapshots.passwordHashes(
    users.filter((u) => u.password && 'plain' in u.password).map((u) => u.username),
  );
  return Promise.all(
    users.map(async ({ password, ...rest }) => {
      if (password === null) return { ...rest, passwordHash: null };
      if ('hash' in password) return { ...rest, passwordHash: password.hash };
      const current = stored.get(rest.username) ?? null;
      if (current && (await verifyPassword(password.plain, current))) return { ...rest, passwordHash: current };
      return { ...rest, passwordHash: await hashPassword(password.plain) };
    }),
  );
}

/**
 * Imports a snapshot document (already parsed JSON): validates all of it against itself and the database, then
 * writes it in one transaction. Throws SnapshotError listing every problem, having changed nothing.
 */
export async function importSnapshot(
  target: StoreOrDb,
  doc: unknown,
  options: { now?: number } = {},
): Promise<ImportSummary> {
  const { snapshot } = storeOf(target);
  const { model, errors } = validateSnapshot(doc, await snapshot.known());
  if (errors.length > 0) throw new SnapshotError(errors);
  const users = await resolvePasswords(snapshot, model.users);
  try {
    return await snapshot.write({ ...model, users }, options.now ?? Date.now());
  } catch (err) {
    // The database changed between validation and the write (the daemon runs beside us): say which constraint.
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || /^23[0-9A-Z]{3}$/.test(code))) {
      throw new SnapshotError([`the database changed during the import and refused it: ${(err as Error).message}`]);
    }
    throw err;
  }
}

/** True when the document brings a user of role admin who can log in (a password or its hash). */
function bringsAdmin(doc: unknown): boolean {
  const users = typeof doc === 'object' && doc !== null ? (doc as { users?: unknown }).users : undefined;
  if (!Array.isArray(users)) return false;
  return users.some((u: unknown) => {
    const user = (typeof u === 'object' && u !== null ? u : {}) as Record<string, unknown>;
    return (
      user.role === 'admin' && (typeof user.localPassword === 'string' || typeof user.localPasswordHash === 'string')
    );
  });
}

/**
 * Readies a database for importing `doc` (`cdnctl daemon import`): the fixed records, and on a database without
 * users the first `admin` as a first start makes it, unless the document brings an admin who can log in (a
 * backup of an install whose admin was renamed would otherwise come back with an `admin` more).
 */
export async function bootstrapForImport(
  target: StoreOrDb,
  doc: unknown,
  now: number,
  adminPassword: string | undefined,
): Promise<BootstrapResult> {
  if (!bringsAdmin(doc)) return bootstrap(target, now, adminPassword);
  await storeOf(target).bootstrap.seed(now);
  return { createdAdmin: false, generatedPassword: null };
}
