import type { DaemonConfig } from './config.js';
import type { Mailer } from './services/mail/mailer.js';
import type { Store } from './store/index.js';
import type { Vault } from './services/vault/vault.js';

/** What route modules are built with: no route reads the environment or opens files of its own. */
export interface AppContext {
  store: Store;
  config: DaemonConfig;
  /** Current time in epoch milliseconds; injectable so tests can move it. */
  clock: () => number;
  mailer: Mailer;
  /** The daemon's base URL once it listens (for links in mail); null before. */
  baseUrl: () => string | null;
  /** The key store (issue 21); absent or unavailable, key routes answer 503 and everything else is served. */
  vault?: Vault;
}
