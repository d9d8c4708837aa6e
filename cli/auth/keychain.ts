/** The keychain service name every cdnctl secret is stored under. */
export const KEYCHAIN_SERVICE = 'cdnctl';

/** The OS keychain could not be used: no Secret Service on D-Bus, a locked keychain, no native module. */
export class KeychainUnavailable extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'KeychainUnavailable';
  }
}

type EntryClass = typeof import('@napi-rs/keyring').Entry;
let entryClass: EntryClass | undefined;

/** The keyring's first line of error is the useful one (the rest is a Rust backtrace), plus the likely cause. */
function firstLine(err: unknown): string {
  const line = String((err as Error)?.message ?? err)
    .split('\n')[0]
    .trim();
  // The likely cause alone, short enough for the one warning line (the keyring's own words add nothing here).
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS)
    return 'no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is unset';
  // A Secret Service answers but has no default collection (no "login" keyring was ever created or unlocked).
  if (/Secret Service: no result found/i.test(line))
    return 'the Secret Service has no default keyring (collection "login"; create or unlock one, e.g. in Seahorse)';
  return line;
}

async function entry(account: string) {
  if (!entryClass) {
    try {
      entryClass = (await import('@napi-rs/keyring')).Entry;
    } catch (err) {
      throw new KeychainUnavailable(`keychain module not loadable: ${firstLine(err)}`);
    }
  }
  try {
    return new entryClass(KEYCHAIN_SERVICE, account);
  } catch (err) {
    throw new KeychainUnavailable(firstLine(err));
  }
}

function attempt<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    throw new KeychainUnavailable(firstLine(err));
  }
}

/** Stores a secret under (cdnctl, account); throws KeychainUnavailable when there is no keychain. */
export async function keychainSet(account: string, secret: string): Promise<void> {
  const e = await entry(account);
  attempt(() => e.setPassword(secret));
}

/** The secret under (cdnctl, account), or null when there is none. */
export async function keychainGet(account: string): Promise<string | null> {
  const e = await entry(account);
  return attempt(() => e.getPassword()) ?? null;
}

/** Removes the secret; false when there was none. */
export async function keychainDelete(account: string): Promise<boolean> {
  const e = await entry(account);
  return attempt(() => e.deleteCredential());
}
