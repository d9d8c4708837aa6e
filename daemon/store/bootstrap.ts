import { randomBytes } from 'node:crypto';
import type { Db } from './db.js';
import { hasNoUsers, seedDatabase } from './seed.js';
import { hashPassword } from '../security/passwords.js';

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
 * `adminPassword` or a generated one.
 */
export async function bootstrap(db: Db, now: number, adminPassword: string | undefined): Promise<BootstrapResult> {
  seedDatabase(db, now);
  if (!hasNoUsers(db)) return { createdAdmin: false, generatedPassword: null };
  const password = adminPassword || generatePassword();
  const hash = await hashPassword(password);
  db.prepare(
    `INSERT INTO users (username, email, full_name, local_passwd, role_id, tenant_id, new_user, last_updated)
     SELECT 'admin', 'admin@localhost', 'Administrator', ?, 1, id, 0, ? FROM tenants WHERE name = 'root'
      AND NOT EXISTS (SELECT 1 FROM users)`,
  ).run(hash, now);
  return { createdAdmin: true, generatedPassword: adminPassword ? null : password };
}
