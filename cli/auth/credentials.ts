import { KeychainUnavailable, keychainDelete, keychainGet, keychainSet } from './keychain.js';
import { fileDelete, fileGet, fileSet } from './session-file.js';

export type SessionStoreKind = 'keychain' | 'file';

/** The keychain account of a session: one per server and user. */
export const sessionAccount = (username: string, server: string) => `${username}@${server}`;

/**
 * Stores a session cookie in the OS keychain, or, where none answers, in the 0600 session file; `warn` gets one
 * line saying so. Answers where it went.
 */
export async function saveSession(
  configDir: string,
  account: string,
  cookie: string,
  warn: (line: string) => void,
): Promise<SessionStoreKind> {
  try {
    await keychainSet(account, cookie);
    fileDelete(configDir, account);
    return 'keychain';
  } catch (err) {
    if (!(err instanceof KeychainUnavailable)) throw err;
    fileSet(configDir, account, cookie);
    // One line: why no keychain, and that the file is private; the login line itself says where the file is.
    warn(
      `no OS keychain available (${err.message.replace(/\s+/g, ' ')}); the session is kept in a file only you can read`,
    );
    return 'file';
  }
}

/** The stored cookie, or null when it is gone (or the keychain cannot be reached now). */
export async function loadSession(configDir: string, account: string, kind: SessionStoreKind): Promise<string | null> {
  if (kind === 'file') return fileGet(configDir, account);
  try {
    return await keychainGet(account);
  } catch (err) {
    if (err instanceof KeychainUnavailable) return null;
    throw err;
  }
}

/** Forgets a session wherever it is. */
export async function deleteSession(configDir: string, account: string, kind: SessionStoreKind): Promise<void> {
  fileDelete(configDir, account);
  if (kind === 'keychain') {
    try {
      await keychainDelete(account);
    } catch (err) {
      if (!(err instanceof KeychainUnavailable)) throw err;
    }
  }
}
