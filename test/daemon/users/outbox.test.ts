import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../daemon/config.js';
import { createMailer } from '../../../daemon/services/mail/create.js';
import { outboxFileName, outboxMailer } from '../../../daemon/services/mail/outbox.js';
import { ADMIN_PASSWORD, login, makeApp } from '../../helpers/app.js';
import { tokenFromMail } from './fixtures.js';
import { parseMail } from './mail-server.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdnctl-outbox-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;

describe('the outbox mailer', () => {
  it('writes one .eml file per mail, the folder 0700 and the files 0600', async () => {
    const dir = join(tempDir(), 'outbox');
    const mailer = outboxMailer(dir, 'CDN <cdn@example.test>');
    await mailer.send({ to: 'one@example.test', subject: 'First', text: 'hello one' });
    await mailer.send({ to: 'two@example.test', subject: 'Second', text: 'hello two' });
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    expect(mode(dir)).toBe(0o700);
    for (const f of files) expect(mode(join(dir, f))).toBe(0o600);
    const mails = files.map((f) => parseMail(readFileSync(join(dir, f), 'utf8')));
    expect(mails.map((m) => m.headers.to).sort()).toEqual(['one@example.test', 'two@example.test']);
    const one = mails.find((m) => m.headers.to === 'one@example.test')!;
    expect(one.headers.from).toBe('CDN <cdn@example.test>');
    expect(one.headers.subject).toBe('First');
    expect(one.text.trim()).toBe('hello one');
  });

  it('names files by time so a listing reads oldest first', () => {
    expect(outboxFileName(new Date('2026-11-21T12:00:00.123Z'), 'abc')).toBe('2026-11-21T12-00-00-123Z-abc.eml');
  });

  it('fails the send when the folder cannot be created', async () => {
    const file = join(tempDir(), 'a-regular-file');
    writeFileSync(file, '');
    await expect(
      outboxMailer(join(file, 'outbox')).send({ to: 'a@example.test', subject: 's', text: 't' }),
    ).rejects.toThrow(/ENOTDIR/);
  });
});

describe('createMailer', () => {
  it('uses the outbox of the data directory when no SMTP server is configured: a registration lands there', async () => {
    const dataDir = tempDir();
    const config = defaultConfig({ dataDir });
    const t = await makeApp({
      mailer: createMailer(config),
      config: { dataDir, portalBaseUrl: 'https://portal.example.test' },
    });
    try {
      const cookie = await login(t.app, 'admin', ADMIN_PASSWORD);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/1.2/users/register',
        headers: { cookie },
        payload: { email: 'outboxed@example.test', role: 3, tenantId: 1 },
      });
      expect(res.statusCode).toBe(200);
      const outbox = join(dataDir, 'outbox');
      const files = readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(mode(outbox)).toBe(0o700);
      expect(mode(join(outbox, files[0]))).toBe(0o600);
      const mail = parseMail(readFileSync(join(outbox, files[0]), 'utf8'));
      expect(mail.headers.to).toBe('outboxed@example.test');
      const token = tokenFromMail(mail.text);
      expect(mail.text).toContain(`https://portal.example.test/#!/user?token=${token}`);
      const tokenLogin = await t.app.inject({
        method: 'POST',
        url: '/api/1.2/user/login/token',
        payload: { t: token },
      });
      expect(tokenLogin.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('refuses to send when there is neither SMTP nor a data directory', async () => {
    await expect(createMailer(defaultConfig()).send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow(
      /no SMTP server/,
    );
  });
});
