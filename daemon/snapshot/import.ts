import { hashPassword, verifyPassword } from '../security/passwords.js';
import type { Db } from '../store/db.js';
import { readKnownRecords, readPasswordHashes } from '../store/snapshot-read.js';
import { writeSnapshot } from '../store/snapshot-write.js';
import { SnapshotError, type ImportSummary, type UserModel, type UserWrite } from './types.js';
import { validateSnapshot } from './validate.js';

/**
 * The hash to store for each user: a given hash as it is; a plain password hashed, unless the stored hash already
 * matches it (then it is kept, so importing the same file twice changes nothing). Runs before the transaction,
 * since hashing is asynchronous and a SQLite transaction cannot span an await.
 */
async function resolvePasswords(db: Db, users: UserModel[]): Promise<UserWrite[]> {
  const stored = await readPasswordHashes(db, users.filter((u) => u.password && 'plain' in u.password).map((u) => u.username));
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
export async function importSnapshot(db: Db, doc: unknown, options: { now?: number } = {}): Promise<ImportSummary> {
  const { model, errors } = validateSnapshot(doc, await readKnownRecords(db));
  if (errors.length > 0) throw new SnapshotError(errors);
  const users = await resolvePasswords(db, model.users);
  try {
    return await writeSnapshot(db, { ...model, users }, options.now ?? Date.now());
  } catch (err) {
    // The database changed between validation and the write (the daemon runs beside us): say which constraint.
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT')) {
      throw new SnapshotError([`the database changed during the import and refused it: ${(err as Error).message}`]);
    }
    throw err;
  }
}
