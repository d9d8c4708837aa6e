import type { MailMessage } from './mailer.js';

/** The link a mailed token opens: the portal's user page, which logs in with the token. */
export function tokenLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/#!/user?token=${encodeURIComponent(token)}`;
}

/** The invitation a registration sends (BEHAVIOR.md §8): the link and the token itself. */
export function registrationMessage(m: {
  to: string;
  link: string;
  token: string;
  roleName: string;
  tenantName: string;
}): MailMessage {
  return {
    to: m.to,
    subject: 'Your CDN account invitation',
    text: [
      'Hello,',
      '',
      `You have been invited to the CDN control service with the role "${m.roleName}" in tenant "${m.tenantName}".`,
      'To finish your registration, open this link and choose your username, full name and password:',
      '',
      m.link,
      '',
      `Or log in with this token: ${m.token}`,
      '',
      'The link works once and expires in 24 hours.',
      '',
    ].join('\n'),
  };
}

/** The password-reset mail (BEHAVIOR.md §8): the link and the token itself. */
export function passwordResetMessage(m: { to: string; link: string; token: string }): MailMessage {
  return {
    to: m.to,
    subject: 'Password reset for your CDN account',
    text: [
      'Hello,',
      '',
      'Someone asked to reset the password of the CDN control service account of this address.',
      'To choose a new password, open this link:',
      '',
      m.link,
      '',
      `Or log in with this token: ${m.token}`,
      '',
      'The link works once and expires in 24 hours. If you did not ask for a reset, ignore this mail.',
      '',
    ].join('\n'),
  };
}
