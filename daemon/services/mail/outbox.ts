import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { DEFAULT_FROM, type Mailer } from './mailer.js';

/** The name of one mail's file: its time first, so a listing reads oldest to newest. */
export function outboxFileName(now: Date, suffix: string): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${suffix}.eml`;
}

/**
 * Writes each mail as one `.eml` file in `dir` (created 0700; files 0600, as they hold live tokens), so a
 * local install works without a mail server. nodemailer renders the message; nothing leaves the machine.
 */
export function outboxMailer(dir: string, from = DEFAULT_FROM): Mailer {
  // nodemailer loads with the first mail, not with the daemon (start-up time).
  let render: Promise<Transporter> | null = null;
  return {
    async send(message) {
      render ??= import('nodemailer').then(({ createTransport }) =>
        createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      const info = await (
        await render
      ).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
      const file = join(dir, outboxFileName(new Date(), randomBytes(6).toString('hex')));
      await writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
    },
  };
}
