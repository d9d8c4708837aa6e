import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../../daemon/services/auth/tokens.js';
import { dataFiles } from '../../../shared/paths.js';
import { call, tempRoot, type HttpAnswer } from '../reliability/child-daemon.js';
import { ROLES, mailedTokens } from './fixture.js';

/**
 * A daemon started the way a user starts it (`cdnctl daemon start`, under a careless umask of 000), taken through
 * logins, token logins, registration, password resets and changes. Afterwards no response, no line of daemon.log
 * and no export without --with-hashes holds a password, a hash, a token or a session id, and every file the
 * daemon made is its owner's alone.
 */

const CLI = fileURLToPath(new URL('../../../bin/cdnctl', import.meta.url));

let root: string;
let dataDir: string;
let url: string;
const agent = new Agent();
/** Everything the daemon answered (bodies, and headers but the Set-Cookie that hands out a session). */
const answers: string[] = [];
/** Every secret met on the way: passwords, tokens, session ids. Their hashes are added from the database. */
const secrets = new Set<string>();
const modes = new Map<string, number>();

/** Runs the CLI with an environment of its own, under umask 000 so that only the code sets file modes. */
function cdnctl(args: string[]) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: root,
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_DATA_HOME: join(root, 'share'),
  };
  delete env.CDNCTL_ADMIN_PASSWORD;
  delete env.CDNCTL_SMTP_URL;
  const quoted = [process.execPath, CLI, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return spawnSync('sh', ['-c', `umask 000 && exec ${quoted}`], { env, encoding: 'utf8', timeout: 60_000 });
}

async function api(
  path: string,
  options: { method?: string; cookie?: string; body?: unknown } = {},
): Promise<HttpAnswer> {
  const res = await call(agent, `${url}/api/1.3${path}`, options);
  const headers = Object.entries(res.headers)
    .filter(([name]) => name !== 'set-cookie' || !/\/user\/login/.test(path))
    .map(([name, value]) => `${name}: ${String(value)}`);
  answers.push(`${options.method ?? 'GET'} ${path} → ${res.status}\n${headers.join('\n')}\n${res.text}`);
  return res;
}

async function logIn(body: { u: string; p: string } | { t: string }): Promise<string> {
  const res = await api('t' in body ? '/user/login/token' : '/user/login', { method: 'POST', body });
  expect(res.status, res.text).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0];
  secrets.add(cookie.split('=')[1]);
  return cookie;
}

const outbox = () => dataFiles(dataDir).outbox;
/** The newest token mailed to `address` that was not seen before (reset mails leave a moment after the answer). */
const lastToken = async (address: string) => {
  for (let i = 0; i < 100; i++) {
    const token = mailedTokens(outbox(), address).at(-1);
    if (token && !secrets.has(token)) {
      secrets.add(token);
      return token;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no new token mailed to ${address}`);
};

beforeAll(async () => {
  root = tempRoot('secrets');
  dataDir = join(root, 'data');
  const started = cdnctl(['daemon', 'start', '--data-dir', dataDir, '--listen', '127.0.0.1:0']);
  expect(started.status, started.stderr).toBe(0);
  const printed = /created user admin with password: (\S+)/.exec(started.stdout)?.[1];
  expect(printed, started.stdout).toBeDefined();
  const adminPassword = printed!;
  expect(readFileSync(dataFiles(dataDir).adminPassword, 'utf8').trim()).toBe(adminPassword);
  secrets.add(adminPassword);
  url = (JSON.parse(readFileSync(dataFiles(dataDir).daemonJson, 'utf8')) as { url: string }).url;

  expect((await api('/user/login', { method: 'POST', body: { u: 'admin', p: 'not-the-password' } })).status).toBe(401);
  let admin = await logIn({ u: 'admin', p: adminPassword });

  // A registration: invitation mail, token login, completing the profile with a password.
  expect(
    (
      await api('/users/register', {
        method: 'POST',
        cookie: admin,
        body: { email: 'newbie@example.test', role: ROLES.operations.id, tenantId: 1 },
      })
    ).status,
  ).toBe(200);
  const newbie = await logIn({ t: await lastToken('newbie@example.test') });
  const newbiePassword = 'N3wbiePassw0rd!x';
  secrets.add(newbiePassword);
  const completed = await api('/user/current', {
    method: 'PUT',
    cookie: newbie,
    body: {
      user: {
        username: 'newbie',
        fullName: 'New Bie',
        localPassword: newbiePassword,
        confirmLocalPassword: newbiePassword,
      },
    },
  });
  expect(completed.status, completed.text).toBe(200);

  // A password reset by token, then a password change.
  expect((await api('/user/reset_password', { method: 'POST', body: { email: 'newbie@example.test' } })).status).toBe(
    200,
  );
  const reset = await logIn({ t: await lastToken('newbie@example.test') });
  const changed = 'Ch4ngedPassw0rd!x';
  secrets.add(changed);
  expect(
    (
      await api('/user/current', {
        method: 'PUT',
        cookie: reset,
        body: { user: { localPassword: changed, confirmLocalPassword: changed } },
      })
    ).status,
  ).toBe(200);
  await logIn({ u: 'newbie', p: changed });

  // Admin changes its password and creates a user with one.
  const adminNew = 'Adm1nChangedPassw0rd';
  secrets.add(adminNew);
  expect(
    (
      await api('/user/current', {
        method: 'PUT',
        cookie: admin,
        body: { user: { localPassword: adminNew, confirmLocalPassword: adminNew } },
      })
    ).status,
  ).toBe(200);
  admin = await logIn({ u: 'admin', p: adminNew });
  const created = 'Cr3atedUserPassw0rd';
  secrets.add(created);
  const create = await api('/users', {
    method: 'POST',
    cookie: admin,
    body: {
      username: 'created',
      email: 'created@example.test',
      fullName: 'Created',
      localPassword: created,
      confirmLocalPassword: created,
      role: ROLES['read-only'].id,
    },
  });
  expect(create.status, create.text).toBe(200);
  for (const path of ['/users', '/users/1', '/user/current', '/user/current/jobs'])
    expect((await api(path, { cookie: admin })).status).toBe(200);

  // Modes while running, then the hashes the database keeps.
  for (const name of [...readdirSync(dataDir), ...readdirSync(outbox()).map((f) => join('outbox', f))]) {
    modes.set(name, statSync(join(dataDir, name)).mode & 0o777);
  }
  modes.set('.', statSync(dataDir).mode & 0o777);
  const db = new Database(dataFiles(dataDir).database, { readonly: true });
  try {
    for (const hash of db
      .prepare('SELECT local_passwd FROM users WHERE local_passwd IS NOT NULL')
      .pluck()
      .all() as string[])
      secrets.add(hash);
    for (const hash of db.prepare('SELECT id_hash FROM sessions').pluck().all() as string[]) secrets.add(hash);
    for (const hash of db.prepare('SELECT token_hash FROM user_tokens').pluck().all() as string[]) secrets.add(hash);
  } finally {
    db.close();
  }
  for (const secret of [...secrets]) secrets.add(hashSecret(secret));
  await api('/user/logout', { method: 'POST', cookie: admin });
}, 180_000);

afterAll(async () => {
  cdnctl(['daemon', 'stop', '--data-dir', dataDir]);
  await agent.close();
  rmSync(root, { recursive: true, force: true });
});

/** The secrets (or their SCRYPT hash parts) found in `text`. */
function leaked(text: string): string[] {
  const found = [...secrets].filter((s) => text.includes(s));
  // A hash's salt or key alone is a leak too.
  for (const hash of [...secrets].filter((s) => s.startsWith('SCRYPT:'))) {
    for (const part of hash.split(':').slice(4)) if (text.includes(part)) found.push(`part of ${hash.slice(0, 20)}…`);
  }
  return found;
}

describe('secrets', () => {
  it('collected every kind of secret to look for', () => {
    expect([...secrets].filter((s) => s.startsWith('SCRYPT:')).length).toBeGreaterThanOrEqual(3);
    expect(secrets.size).toBeGreaterThan(20);
  });

  it('appear in no API answer', () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) expect(leaked(answer), answer.slice(0, 300)).toEqual([]);
  });

  it('appear in no line of daemon.log', () => {
    const log = readFileSync(dataFiles(dataDir).log, 'utf8');
    expect(log).toContain('"request completed"');
    const lines = log.split('\n');
    for (const line of lines) expect(leaked(line), line).toEqual([]);
  });

  it('appear in no export without --with-hashes, and the hashes only with it', () => {
    const plain = cdnctl(['daemon', 'export', '--data-dir', dataDir]);
    expect(plain.status, plain.stderr).toBe(0);
    expect(JSON.parse(plain.stdout).users.length).toBeGreaterThanOrEqual(3);
    expect(leaked(plain.stdout)).toEqual([]);
    const withHashes = cdnctl(['daemon', 'export', '--data-dir', dataDir, '--with-hashes']);
    expect(withHashes.stdout).toMatch(/"localPasswordHash": "SCRYPT:16384:8:1:/);
  });
});

describe('the daemon’s files', () => {
  it('are its owner’s alone: the data dir 0700, every file 0600, the outbox 0700', () => {
    expect(modes.get('.')).toBe(0o700);
    for (const name of ['cdnctl.db', 'daemon.json', 'daemon.log', 'daemon.lock']) {
      expect(modes.get(name), name).toBe(0o600);
    }
    // Admin changed its generated password: the file that held it is gone.
    expect(modes.has('initial-admin-password')).toBe(false);
    for (const [name, mode] of modes) {
      if (name === '.' || name === 'outbox') continue;
      expect(mode, name).toBe(0o600);
    }
    expect(modes.get('outbox')).toBe(0o700);
    expect([...modes.keys()].filter((n) => n.startsWith('outbox/')).length).toBeGreaterThanOrEqual(2);
  });
});
