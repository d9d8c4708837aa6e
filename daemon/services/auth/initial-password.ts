import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dataFiles } from '../../../shared/paths.js';
import { verifyPassword } from './passwords.js';

/**
 * Removes `<data-dir>/initial-admin-password` once the password it holds is no longer anyone's: called when a
 * user changes its password, with the hash it had before. The file is only read when it exists, so the extra
 * hash is paid once, by the first password change of the generated admin.
 */
export async function forgetInitialPassword(dataDir: string, previousHash: string | null): Promise<void> {
  if (!dataDir || !previousHash) return;
  const file = dataFiles(dataDir).adminPassword;
  if (!existsSync(file)) return;
  const initial = readFileSync(file, 'utf8').trim();
  if (initial && (await verifyPassword(initial, previousHash))) rmSync(file, { force: true });
}
