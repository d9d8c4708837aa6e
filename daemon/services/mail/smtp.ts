import type { Transporter } from 'nodemailer';
import type { SmtpConfig } from '../../config.js';
import { DEFAULT_FROM, type Mailer } from './mailer.js';

/** How long a send may wait on the SMTP server at each step before the request answers 500. */
const TIMEOUT_MS = 15_000;

/** nodemailer's SMTP options for the daemon's `smtp` settings: the URL wins over host and port. */
export function smtpTransportOptions(smtp: SmtpConfig) {
  const timeouts = { connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS };
  if (smtp.url) return { url: smtp.url, ...timeouts };
  return {
    host: smtp.host ?? 'localhost',
    port: smtp.port ?? (smtp.secure ? 465 : 25),
    secure: smtp.secure ?? false,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
    ...timeouts,
  };
}

/** Delivers mail to an SMTP server; a refusal or an unreachable server rejects. */
export function smtpMailer(smtp: SmtpConfig): Mailer {
  // nodemailer loads with the first mail, not with the daemon (start-up time).
  let transport: Promise<Transporter> | null = null;
  const from = smtp.from || DEFAULT_FROM;
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpTransportOptions(smtp)));
      await (await transport).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
