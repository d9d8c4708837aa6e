import { chmodSync, writeFileSync } from 'node:fs';

/** Writes a file readable by its owner only (0600, whatever the umask or the file's mode before). */
export function writePrivateFile(file: string, content: string): void {
  writeFileSync(file, content, { mode: 0o600 });
  chmodSync(file, 0o600);
}
