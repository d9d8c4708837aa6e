import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConfigData } from '../../cli/auth/config.js';
import type { CurrentUser } from '../../shared/client/users.js';
import { Cli, storedCookie } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';
import { deadPort } from '../helpers/ports.js';

const { daemon, cli } = useCliDaemon({ login: 'admin' });
let dead: string;

beforeAll(async () => {
  dead = `http://127.0.0.1:${await deadPort()}`;
});

describe('cdnctl config get, set, unset, list', () => {
  it("sets, reads and unsets a setting; the output setting becomes every command's default format", async () => {
    expect((await cli.run(['config', 'get', 'output'])).stdout).toBe('table\n');
    expect((await cli.run(['config', 'set', 'output', 'json'])).code).toBe(0);
    // The setting applies to every command, this one included.
    expect((await cli.run(['config', 'get', 'output'])).stdout).toBe('"json"\n');
    expect((await cli.run(['config', 'get', 'output', '-o', 'table'])).stdout).toBe('json\n');
    const listed = await cli.run(['tenants', 'list']);
    expect(JSON.parse(listed.stdout).map((t: { name: string }) => t.name)).toContain('tenant-a');
    expect((await cli.run(['tenants', 'list', '-o', 'table'])).stdout).toMatch(/^ID\s+NAME/);
    expect((await cli.run(['config', 'unset', 'output'])).code).toBe(0);
    expect((await cli.run(['tenants', 'list'])).stdout).toMatch(/^ID\s+NAME/);
  });

  it('rejects unknown keys and bad values as usage errors (exit 2), and an unset key is exit 1', async () => {
    const unknown = await cli.run(['config', 'set', 'colour', 'red']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('error: unknown setting "colour"');
    expect(unknown.stderr).toContain('hint: settings: output, api-version, timeout, current-context');
    const bad = await cli.run(['config', 'set', 'output', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('output must be one of table, wide, json, yaml, csv (got "xml")');
    expect((await cli.run(['config', 'set', 'timeout', '0'])).code).toBe(2);
    expect((await cli.run(['config', 'get', 'api-version'])).code).toBe(1);
  });

  it('list shows settings, contexts and where sessions live, never a cookie', async () => {
    const text = await cli.run(['config', 'list']);
    expect(text.stdout).toContain(`config file: ${join(daemon.configDir, 'config.json')}`);
    expect(text.stdout).toMatch(new RegExp(`${daemon.url.replace(/[.:/]/g, '\\$&')}\\s+admin\\s+file`));
    const cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
    expect(text.stdout).not.toContain(cookie.split('=')[1]);
    expect(readFileSync(join(daemon.configDir, 'config.json'), 'utf8')).not.toContain(cookie.split('=')[1]);
    const json = await cli.json<Pick<Required<ConfigData>, 'sessions'>>(['config', 'list']);
    expect(json.sessions[daemon.url]).toMatchObject({ username: 'admin', store: 'file' });
  });
});

describe('contexts and the order servers are chosen in', () => {
  it('set-context and use-context switch the server; --server, CDNCTL_SERVER and --context take precedence as documented', async () => {
    const local = new Cli({ configDir: join(daemon.root, 'contexts'), dataDir: daemon.dataDir });
    await local.login('admin', PASSWORDS.admin);
    expect((await local.run(['config', 'set-context', 'down', '--server', dead])).code).toBe(0);
    expect((await local.run(['config', 'set-context', 'here', '--server', `${daemon.url}/`])).code).toBe(0);
    expect((await local.run(['config', 'use-context', 'down'])).stdout).toBe('current context: down\n');
    // The current context wins over the local daemon: it is down, and unreachable is said first (3, not 4).
    expect((await local.run(['whoami'])).code).toBe(3);
    const downStatus = await local.run(['login', '--username', 'admin', '--password-stdin'], {
      input: PASSWORDS.admin,
    });
    expect(downStatus.code).toBe(3);
    expect(downStatus.stderr).toContain(`error: cannot reach ${dead}: connection refused`);
    // --context, CDNCTL_SERVER and --server each win over the current context.
    expect((await local.run(['whoami', '--context', 'here'])).code).toBe(0);
    expect((await local.run(['whoami'], { env: { CDNCTL_SERVER: daemon.url } })).code).toBe(0);
    expect((await local.run(['--server', daemon.url, 'whoami'])).code).toBe(0);
    expect(
      (await local.run(['whoami', '--server', dead], { env: { CDNCTL_SERVER: daemon.url, CDNCTL_SESSION: 'x' } })).code,
    ).toBe(3);
    expect((await local.run(['config', 'use-context', 'none'])).code).toBe(0);
    expect((await local.json<CurrentUser>(['whoami'])).username).toBe('admin');
  });

  it('an unknown context is a usage error; use-context of an unknown name is exit 1', async () => {
    const unknown = await cli.run(['whoami', '--context', 'nowhere']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('error: no context named "nowhere"');
    expect((await cli.run(['config', 'use-context', 'nowhere'])).code).toBe(1);
    const badServer = await cli.run(['config', 'set-context', 'bad', '--server', 'ftp://x']);
    expect(badServer.stderr).toBe('error: --server is not an http(s) URL: "ftp://x"\n');
    expect(badServer.code).toBe(2);
  });

  it("a context's API version caps what commands use; a command that needs more says so (exit 2)", async () => {
    const capped = new Cli({ configDir: join(daemon.root, 'capped'), dataDir: daemon.dataDir });
    await capped.run(['config', 'set-context', 'old', '--server', daemon.url, '--api-version', '1.1']);
    await capped.run(['config', 'use-context', 'old']);
    await capped.login('admin', PASSWORDS.admin);
    expect(await capped.json(['users', 'me'])).not.toHaveProperty('tenant');
    const origins = await capped.run(['origins', 'list']);
    expect(origins.code).toBe(2);
    expect(origins.stderr).toContain(
      '"cdnctl origins list" needs API version 1.3 or newer, but context "old" asks for 1.1',
    );
    expect((await capped.run(['origins', 'list', '--api-version', '1.3'])).code).toBe(0);
  });

  it('with no server anywhere, says how to get one (exit 3)', async () => {
    const nowhere = new Cli({ configDir: join(daemon.root, 'nowhere-config'), dataDir: join(daemon.root, 'no-data') });
    const result = await nowhere.run(['login', '--username', 'admin', '--password-stdin'], { input: 'x' });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('error: no server to talk to');
    expect(result.stderr).toMatch(
      /hint: start one with: cdnctl daemon start --demo .*CDNCTL_DATA_DIR=DIR.*--data-dir DIR.*--server URL/,
    );
  });
});
