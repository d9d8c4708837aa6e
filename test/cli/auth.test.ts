import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../daemon/store/sqlite/db.js';
import { sqliteStore } from '../../daemon/store/sqlite/index.js';
import type { CurrentUser } from '../../shared/client/users.js';
import { dataFiles } from '../../shared/paths.js';
import { api, mailTo, storedCookie } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';
import { runInTerminal } from '../helpers/terminal.js';

const { daemon, cli } = useCliDaemon();

describe('cdnctl login with a password', () => {
  it('logs in with --password-stdin against the daemon of daemon.json, and whoami names the user', async () => {
    const login = await cli.run(['login', '--username', 'admin', '--password-stdin'], {
      input: `${PASSWORDS.admin}\n`,
    });
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`Logged in to ${daemon.url} as admin (admin)`);
    // Quiet success: one line on stdout; the server's alert only with -o json.
    expect(login.stdout).toBe(
      `Logged in to ${daemon.url} as admin (admin); session kept in ${join(daemon.configDir, 'sessions.json')}\n`,
    );
    expect(login.stderr).not.toContain('Successfully logged in.');
    const json = await cli.run(['login', '--username', 'admin', '--password-stdin', '-o', 'json'], {
      input: PASSWORDS.admin,
    });
    expect(json.stderr).toContain('Successfully logged in.');
    const whoami = await cli.run(['whoami']);
    expect(whoami).toMatchObject({ code: 0, stdout: `admin on ${daemon.url} (role admin, tenant root)\n` });
  });

  it('falls back to a 0600 session file with a one-line warning when no keychain answers', async () => {
    const login = await cli.login('admin', PASSWORDS.admin);
    const warnings = login.stderr.split('\n').filter((line) => line.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^warning: no OS keychain available \(.+\); the session is kept in a file only you can read$/,
    );
    expect(login.stdout).toContain(`session kept in ${join(daemon.configDir, 'sessions.json')}`);
    const file = join(daemon.configDir, 'sessions.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(storedCookie(daemon.configDir, `admin@${daemon.url}`)).toMatch(/^mojolicious=.{20,}/);
    expect(statSync(join(daemon.configDir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('auth status says the session is in the file, for admin, and valid (exit 0)', async () => {
    await cli.login('admin', PASSWORDS.admin);
    const status = await cli.json<{ location: string }>(['auth', 'status']);
    expect(status).toMatchObject({
      server: daemon.url,
      serverSource: 'daemon',
      username: 'admin',
      role: 'admin',
      store: 'file',
      valid: true,
    });
    expect(status.location).toContain(join(daemon.configDir, 'sessions.json'));
    const text = await cli.run(['auth', 'status']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Valid:\s+yes/);
  });

  it('refuses a wrong password with exit 4 and the API alert, keeping the earlier session', async () => {
    await cli.login('admin', PASSWORDS.admin);
    const result = await cli.run(['login', '--username', 'admin', '--password-stdin'], { input: 'wrong-password' });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe('error: Invalid username or password.\n');
    expect((await cli.run(['whoami'])).code).toBe(0);
  });

  it('off a terminal, a missing username or password is a usage error (exit 2) at once, never a prompt', async () => {
    const noUser = await cli.run(['login']);
    expect(noUser.code).toBe(2);
    expect(noUser.stderr).toContain('error: a username is required: pass --username NAME (no terminal to ask on)');
    const noPassword = await cli.run(['login', '--username', 'admin']);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain('a password is required');
    const empty = await cli.run(['login', '--username', 'admin', '--password-stdin'], { input: '' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('stdin held no password');
  });

  it('on a terminal with stdout redirected, asks on stderr for the username and a masked password', async () => {
    const stdoutFile = join(daemon.root, 'login-stdout.txt');
    const result = await runInTerminal(
      daemon,
      ['login'],
      [
        { expect: /Username: $/, send: 'ops_user\r' },
        { expect: /Password: $/, send: `${PASSWORDS.ops_user}\r` },
      ],
      {},
      { stdoutFile },
    );
    expect(result.code).toBe(0);
    expect(result.output).toContain('*'.repeat(PASSWORDS.ops_user.length));
    expect(result.output).not.toContain(PASSWORDS.ops_user);
    expect(readFileSync(stdoutFile, 'utf8')).toContain('as ops_user (operations)');
    expect(storedCookie(daemon.configDir, `ops_user@${daemon.url}`)).toBeDefined();
    await cli.login('admin', PASSWORDS.admin);
    expect(storedCookie(daemon.configDir, `ops_user@${daemon.url}`)).toBeUndefined();
  });
});

describe('cdnctl login with a token, and reset-password', () => {
  it('mails a reset token without a session, and that token logs in once', async () => {
    const reset = await cli.run(['reset-password', '--email', 'ops@example.test'], {
      env: { CDNCTL_CONFIG_DIR: join(daemon.root, 'fresh-config') },
    });
    expect(reset.code).toBe(0);
    expect(reset.stderr).toContain("Successfully sent password reset to email 'ops@example.test'");
    const token = /token: (\S+)/.exec(await mailTo(daemon.dataDir, 'ops@example.test'))?.[1];
    expect(token).toBeTruthy();
    const login = await cli.run(['login', '--token', token!]);
    expect(login.code).toBe(0);
    expect(login.stdout).toContain('as ops_user (operations)');
    expect((await cli.json<CurrentUser>(['whoami'])).username).toBe('ops_user');
    const again = await cli.run(['login', '--token', token!]);
    expect(again.code).toBe(4);
    expect(again.stderr).toBe('error: Invalid token. Please contact your administrator.\n');
  });

  it('rejects --token together with --password-stdin as a usage error', async () => {
    const result = await cli.run(['login', '--token', 'abc', '--password-stdin'], { input: 'x' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--token logs in without --username or --password-stdin');
  });
});

describe('ended and expired sessions', () => {
  it('a session ended on the server gives exit 4 and "run cdnctl login"', async () => {
    await cli.login('admin', PASSWORDS.admin);
    const cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
    expect((await api(daemon.url, '/api/1.2/user/logout', cookie, { method: 'POST' })).status).toBe(200);
    const whoami = await cli.run(['whoami']);
    expect(whoami.code).toBe(4);
    expect(whoami.stderr).toContain(
      `error: the session of admin on ${daemon.url} has expired or was ended (Unauthorized, please log in.)`,
    );
    expect(whoami.stderr).toContain('hint: run cdnctl login');
    const status = await cli.run(['auth', 'status', '-o', 'json']);
    expect(status.code).toBe(4);
    expect(JSON.parse(status.stdout)).toMatchObject({ username: 'admin', valid: false, store: 'file' });
  });

  it('a session past its 6-hour lifetime gives exit 4 and "run cdnctl login"', async () => {
    await cli.login('admin', PASSWORDS.admin);
    // The daemon's own sweep, run as if seven hours had passed.
    const db = openDatabase(dataFiles(daemon.dataDir).database);
    try {
      expect(await sqliteStore(db).sessions.deleteExpired(Date.now() + 7 * 3_600_000)).toBeGreaterThan(0);
    } finally {
      db.close();
    }
    const result = await cli.run(['origins', 'list']);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('has expired or was ended');
    expect(result.stderr).toContain('hint: run cdnctl login');
  });

  it('logout ends the session on the server and forgets it here', async () => {
    await cli.login('admin', PASSWORDS.admin);
    const cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
    const logout = await cli.run(['logout']);
    expect(logout.code).toBe(0);
    expect(logout.stdout).toBe(`Logged out of ${daemon.url}\n`);
    expect(logout.stderr).not.toContain('You are logged out.');
    expect(storedCookie(daemon.configDir, `admin@${daemon.url}`)).toBeUndefined();
    expect((await api(daemon.url, '/api/1.2/user/current', cookie)).status).toBe(401);
    const status = await cli.run(['auth', 'status']);
    expect(status.code).toBe(4);
    expect(status.stderr).toContain(`error: not logged in to ${daemon.url} (no session stored)`);
    expect((await cli.run(['logout'])).stdout).toContain('Not logged in');
  });

  it('without any session, a command that needs one exits 4 before sending anything', async () => {
    const result = await cli.run(['origins', 'list'], {
      env: { CDNCTL_CONFIG_DIR: join(daemon.root, 'empty-config') },
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(`error: not logged in to ${daemon.url}\nhint: run cdnctl login\n`);
  });
});

describe('CDNCTL_SESSION', () => {
  it('uses a passed cookie without storing it, and a refused one exits 4', async () => {
    const otherConfig = join(daemon.root, 'ci-config');
    await cli.login('ro_user', PASSWORDS.ro_user);
    const cookie = storedCookie(daemon.configDir, `ro_user@${daemon.url}`)!;
    const whoami = await cli.run(['whoami', '-o', 'json'], {
      env: { CDNCTL_CONFIG_DIR: otherConfig, CDNCTL_SESSION: cookie },
    });
    expect(whoami.code).toBe(0);
    expect(JSON.parse(whoami.stdout).username).toBe('ro_user');
    const bare = await cli.run(['whoami'], {
      env: { CDNCTL_CONFIG_DIR: otherConfig, CDNCTL_SESSION: cookie.split('=')[1] },
    });
    expect(bare.code).toBe(0);
    const status = await cli.json(['auth', 'status'], {
      env: { CDNCTL_CONFIG_DIR: otherConfig, CDNCTL_SESSION: cookie },
    });
    expect(status).toMatchObject({ store: 'env', valid: true, username: 'ro_user' });
    expect(() => statSync(join(otherConfig, 'sessions.json'))).toThrow();
    const refused = await cli.run(['whoami'], { env: { CDNCTL_SESSION: 'mojolicious=not-a-session' } });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('the session in CDNCTL_SESSION was refused');
  });
});
