import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureConfigDir } from './config.js';

/** The fallback store of session cookies where no keychain answers: one file, mode 0600. */
export const sessionFile = (configDir: string) => join(configDir, 'sessions.json');

type Sessions = Record<string, string>;

function read(configDir: string): Sessions {
  const file = sessionFile(configDir);
  if (!existsSync(file)) return {};
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { sessions?: Sessions };
    return data.sessions ?? {};
  } catch {
    return {};
  }
}

function write(configDir: string, sessions: Sessions): void {
  const file = sessionFile(configDir);
  if (Object.keys(sessions).length === 0) {
    rmSync(file, { force: true });
    return;
  }
  ensureConfigDir(configDir);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify({ sessions }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}

/** The cookie stored for an account, or null. */
export function fileGet(configDir: string, account: string): string | null {
  return read(configDir)[account] ?? null;
}

export function fileSet(configDir: string, account: string, cookie: string): void {
  write(configDir, { ...read(configDir), [account]: cookie });
}

/** Removes an account's cookie; false when there was none. */
export function fileDelete(configDir: string, account: string): boolean {
  const sessions = read(configDir);
  if (!(account in sessions)) return false;
  delete sessions[account];
  write(configDir, sessions);
  return true;
}
