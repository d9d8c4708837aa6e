import { randomBytes } from 'node:crypto';
import { hashPassword } from './passwords.js';
import { storeOf, type StoreOrDb } from '../../store/sqlite/store-of.js';

/** What first start did: the admin password when it generated one (to print once), else null. */
export interface BootstrapResult {
  createdAdmin: boolean;
  generatedPassword: string | null;
}

/** A random password that passes the quality rules: 20 characters from a URL-safe alphabet. */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

/**
 * Seeds the fixed records and, on a database without users, creates `admin` (role admin, tenant root) with
 * `adminPassword` or a generated one. Two daemons starting at once on one PostgreSQL create one admin: the
 * insert happens only while there is no user, and only the one that inserted reports it.
 */
export async function bootstrap(
  target: StoreOrDb,
  now: number,
  adminPassword: string | undefined,
): Promise<BootstrapResult> {
  const { bootstrap: boot } = storeOf(target);
  await boot.seed(now);
  if (!(await boot.hasNoUsers())) return { createdAdmin: false, generatedPassword: null };
  const password = adminPassword || generatePassword();
  if (!(await boot.createAdmin(await hashPassword(password), now)))
    return { createdAdmin: false, generatedPassword: null };
  return { createdAdmin: true, generatedPassword: adminPassword ? null : password };
}
