import { join } from 'node:path';
import type { DaemonConfig } from '../../config.js';
import type { Mailer } from './mailer.js';
import { outboxMailer } from './outbox.js';
import { smtpMailer } from './smtp.js';

/** The daemon's mailer: SMTP when configured, else `.eml` files in `<data-dir>/outbox/` (BEHAVIOR.md §8). */
export function createMailer(config: DaemonConfig): Mailer {
  if (config.smtp && (config.smtp.url || config.smtp.host)) return smtpMailer(config.smtp);
  if (!config.dataDir) {
    return {
      async send() {
        throw new Error('mail cannot be sent: no SMTP server and no data directory for the outbox');
      },
    };
  }
  return outboxMailer(join(config.dataDir, 'outbox'), config.smtp?.from || undefined);
}
