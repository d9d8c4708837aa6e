/** One outgoing mail: registration invitations and password resets. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; a failure rejects, and the route answers 500 having stored nothing. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The sender when the configuration names none. */
export const DEFAULT_FROM = 'cdnctl <no-reply@localhost>';
