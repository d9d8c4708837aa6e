import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The local daemon's outbox file holding the mail to `email` written since `since` (a daemon with no SMTP server
 * keeps mail in `<data-dir>/outbox`), or null when the mail went elsewhere.
 */
export function outboxFile(dataDir: string, email: string, since: number): string | null {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return null;
  const fresh = readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).mtimeMs >= since - 1000)
    .sort()
    .reverse();
  return fresh.find((file) => readFileSync(file, 'utf8').includes(email)) ?? null;
}
