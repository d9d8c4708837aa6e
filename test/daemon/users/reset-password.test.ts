import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetMailQueueOf } from '../../../daemon/services/mail/reset-queue.js';
import { hashSecret } from '../../../daemon/services/auth/tokens.js';
import {
  client,
  dump,
  expectRefused,
  recordingMailer,
  tokenFromMail,
  worldApp,
  type Client,
  type WorldApp,
} from './fixtures.js';

let t: WorldApp;
let api: Client;
let mail: ReturnType<typeof recordingMailer>;

beforeAll(async () => {
  mail = recordingMailer();
  t = await worldApp({ mailer: mail.mailer });
  api = client(t.app);
});
afterAll(() => t.close());

/** POST user/reset_password, then waits for the reset mail queue to send what the request recorded. */
async function resetAt(version: string, body: unknown) {
  const res = await api.post(`/api/${version}/user/reset_password`, undefined, body);
  await resetMailQueueOf(t.store)?.idle();
  return res;
}

const sentText = (email: string) => `Successfully sent password reset to email '${email}'`;

async function refused(body: unknown, status: number, text: string) {
  const mails = mail.sent.length;
  await expectRefused(t.db, () => resetAt('1.2', body), status, text);
  expect(mail.sent.length).toBe(mails);
}

describe('POST user/reset_password', () => {
  it.each(['1.1', '1.2', '1.3'])('mails a known address a link and token, without a session, at %s', async (v) => {
    const mails = mail.sent.length;
    const res = await resetAt(v, { email: 'ro_user@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ alerts: [{ text: sentText('ro_user@example.test'), level: 'success' }] });
    expect(mail.sent).toHaveLength(mails + 1);
    const message = mail.sent.at(-1)!;
    expect(message.to).toBe('ro_user@example.test');
    const token = tokenFromMail(message.text);
    expect(message.text).toContain(`/#!/user?token=${token}`);
    expect(message.text).toContain(`token: ${token}`);
    const rows = t.db
      .prepare("SELECT * FROM user_tokens WHERE user_id = ? AND purpose = 'reset' AND used_at IS NULL")
      .all(t.world.users.ro);
    expect(rows).toContainEqual(
      expect.objectContaining({ token_hash: hashSecret(token), expires_at: t.clock.now() + 24 * 3600_000 }),
    );
  });

  it('answers the same for an unknown address, and sends and stores nothing', async () => {
    const before = dump(t.db);
    const mails = mail.sent.length;
    const res = await resetAt('1.2', { email: 'nobody@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ alerts: [{ text: sentText('nobody@example.test'), level: 'success' }] });
    expect(mail.sent).toHaveLength(mails);
    expect(dump(t.db)).toBe(before);
  });

  it('finds the user whatever the case of the address, and mails the stored address', async () => {
    await resetAt('1.2', { email: 'OPS_USER@Example.Test' });
    expect(mail.sent.at(-1)!.to).toBe('ops_user@example.test');
  });

  it('keeps an earlier unused reset token valid when another is asked for, and a token logs in once', async () => {
    await resetAt('1.2', { email: 'tenantb_user@example.test' });
    const first = tokenFromMail(mail.sent.at(-1)!.text);
    await resetAt('1.2', { email: 'tenantb_user@example.test' });
    const second = tokenFromMail(mail.sent.at(-1)!.text);
    expect(second).not.toBe(first);
    expect((await api.post('/api/1.2/user/login/token', undefined, { t: first })).statusCode).toBe(200);
    expect((await api.post('/api/1.2/user/login/token', undefined, { t: second })).statusCode).toBe(200);
    expect((await api.post('/api/1.2/user/login/token', undefined, { t: second })).statusCode).toBe(401);
  });

  it('issues tokens that expire after 24 hours', async () => {
    await resetAt('1.2', { email: 'ops_user@example.test' });
    const token = tokenFromMail(mail.sent.at(-1)!.text);
    t.clock.advance(24 * 3600_000);
    try {
      expect((await api.post('/api/1.2/user/login/token', undefined, { t: token })).statusCode).toBe(401);
    } finally {
      t.clock.advance(-24 * 3600_000);
    }
  });

  it.each([
    ['a missing email', {}],
    ['a malformed address', { email: 'not-an-email' }],
    ['a number', { email: 42 }],
    ['an address with a display name', { email: 'Ro <ro_user@example.test>' }],
  ])('answers 400 for %s', async (_name, body) => {
    await refused(body, 400, 'Malformed request: not a valid email address');
  });

  it('stores no token when the mail cannot be sent; the answer, given before the mail, is the same', async () => {
    mail.state.failing = true;
    try {
      const tokens = () =>
        t.db
          .prepare("SELECT count(*) AS n FROM user_tokens WHERE user_id = ? AND purpose = 'reset'")
          .get(t.world.users.ops);
      const before = tokens();
      const res = await resetAt('1.2', { email: 'ops_user@example.test' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ alerts: [{ text: sentText('ops_user@example.test'), level: 'success' }] });
      expect(tokens()).toEqual(before);
    } finally {
      mail.state.failing = false;
    }
  });
});
