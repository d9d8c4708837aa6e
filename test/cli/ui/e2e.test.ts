// The real built cdnctl in a real terminal against a real daemon: log in on the login screen, purge from the
// home screen through the confirmation, and find the job through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CDNCTL, cliEnv, runCdnctl, type CliResult } from '../../helpers/cli.js';
import { tempCliDirs } from '../../helpers/cli-daemon.js';
import { openTerminal, type Terminal } from './helpers/tmux.js';

const GOLDEN_SNAPSHOT = fileURLToPath(new URL('../../fixtures/golden/setup.snapshot.json', import.meta.url));
const OPS = { username: 'ops_user', password: '0psUserPassw0rd' };

let root: string;
let env: NodeJS.ProcessEnv;
let dataDir: string;
let url: string;

/** The environment of every cdnctl here: cliEnv's temp dirs, and outside CI so that Ink draws its frames. */
const ENV = { CI: undefined, TMUX: undefined, TERM: 'xterm-256color', CDNCTL_ADMIN_PASSWORD: 'Adm1nPassw0rd!' };

function cdnctl(args: string[], options: { nodeArgs?: string[] } = {}): Promise<CliResult> {
  return runCdnctl({ dataDir, configDir: join(root, 'config') }, args, {
    env: ENV,
    nodeArgs: options.nodeArgs,
    timeoutMs: 30_000,
  });
}

async function api<T>(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T; cookie: string | null }> {
  const res = await fetch(`${url}${path}`, init);
  return { status: res.status, body: (await res.json()) as T, cookie: res.headers.get('set-cookie') };
}

beforeAll(async () => {
  ({ root, dataDir } = tempCliDirs('cdnctl-ui-e2e-'));
  env = cliEnv({ dataDir, configDir: join(root, 'config') }, ENV);
  const imported = await cdnctl(['daemon', 'import', GOLDEN_SNAPSHOT, '--data-dir', dataDir]);
  if (imported.code !== 0) throw new Error(`daemon import failed: ${imported.stderr}`);
  const started = await cdnctl(['daemon', 'start', '--data-dir', dataDir, '--listen', '127.0.0.1:0']);
  if (started.code !== 0) throw new Error(`daemon start failed: ${started.stderr}${started.stdout}`);
  url = (JSON.parse(readFileSync(join(dataDir, 'daemon.json'), 'utf8')) as { url: string }).url;
}, 60_000);

afterAll(async () => {
  if (dataDir) await cdnctl(['daemon', 'stop', '--data-dir', dataDir]);
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('cdnctl in a terminal', () => {
  let terminal: Terminal | undefined;
  afterAll(() => terminal?.close());

  it('logs in on the login screen and purges from the home screen through the confirmation', async () => {
    terminal = openTerminal([process.execPath, CDNCTL], env);
    const t = terminal;
    await t.waitFor(/Username\s*\n.*Password/);
    t.type(`${OPS.username}\r`);
    await t.waitFor(/› Password/);
    t.type('not-the-password\r');
    await t.waitFor('Invalid username or password.');
    t.type(`${OPS.password}\r`);

    await t.waitFor('Signed in as ops_user');
    expect(t.screen()).toContain(`Server ${url} · API 1.3`);
    t.press('j');
    await t.waitFor('› Purge');
    t.press('Enter');
    await t.waitFor(/› ds1 .*ds1-origin/);
    t.press('/');
    await t.waitFor(/\/\s+3 of 3/);
    t.type('ds2');
    await t.waitFor(/› ds2 .*ds2-origin/);
    t.press('Enter');

    await t.waitFor('Purge › ds2');
    t.type('images/');
    await t.waitFor("regex: must start with '/'");
    t.press('C-u');
    await t.waitFor((screen) => !screen.includes('regex:'));
    t.type('/images/.*\\.png');
    await t.waitFor('Asset URL  http://ds2-origin.example.test/images/.*\\.png');
    expect(t.screen()).not.toContain('regex:');
    expect(t.screen()).toMatch(/TTL \(hours\)\s+24\s+1–2160/);
    t.press('Enter');
    await t.waitFor(/› TTL/);
    t.press('Enter');
    await t.waitFor(/› Start/);
    t.press('Enter');
    await t.waitFor('Submit this purge?');
    t.press('Enter');

    const done = await t.waitFor(/Purge submitted: job \d+/);
    const jobId = /Purge submitted: job (\d+)/.exec(done)![1];
    expect(done).toContain('Invalidate content request submitted for ds2');
    t.press('Escape');
    await t.waitFor('Signed in as ops_user');
    t.press('q');
    await t.waitFor('EXIT=0');

    const login = await api('/api/1.2/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ u: OPS.username, p: OPS.password }),
    });
    const cookie = login.cookie!.split(';')[0];
    const jobs = await api<{ response: Array<Record<string, unknown>> }>(
      '/api/1.2/user/current/jobs.json?keyword=PURGE',
      { headers: { cookie } },
    );
    const job = jobs.body.response.find((j) => j.id === jobId);
    expect(job).toMatchObject({
      id: jobId,
      dsXmlId: 'ds2',
      assetUrl: 'http://ds2-origin.example.test/images/.*\\.png',
      parameters: 'TTL:24h',
      username: 'ops_user',
      keyword: 'PURGE',
    });
  }, 180_000);

  it('shows the narrow-terminal message when the window shrinks and the screen again when it grows', async () => {
    terminal?.close();
    terminal = openTerminal([process.execPath, CDNCTL, 'ui'], env, 100, 30);
    const t = terminal;
    await t.waitFor('Signed in as ops_user');
    t.resize(40, 30);
    const narrow = await t.waitFor('Terminal too narrow');
    // The terminal re-wraps what the old frame left above; what is drawn now is the message alone.
    const drawn = narrow.slice(narrow.indexOf('Terminal too narrow'));
    expect(drawn.replace(/\s+/g, ' ')).toContain('40 columns; cdnctl needs 60. Widen the window');
    expect(drawn).not.toContain('Delivery services');
    t.resize(100, 30);
    await t.waitFor('Delivery services');
    t.press('q');
    await t.waitFor('EXIT=0');
  }, 120_000);

  it('loads neither Ink nor React for --version or origins list -o json, and refuses the screens without a terminal', async () => {
    // Reports every module resolution that names ink or react on stderr.
    const hook = `data:text/javascript,${encodeURIComponent(
      "import { register } from 'node:module';" +
        "register('data:text/javascript,' + encodeURIComponent(\"export async function resolve(s, c, n) { if (/^(ink|react)(\\\\/|$)/.test(s)) process.stderr.write('LOADED ' + s + '\\\\n'); return n(s, c); }\"));",
    )}`;
    const version = await cdnctl(['--version'], { nodeArgs: ['--import', hook] });
    expect(version.code).toBe(0);
    expect(version.stderr).not.toContain('LOADED');
    const list = await cdnctl(['origins', 'list', '-o', 'json'], { nodeArgs: ['--import', hook] });
    expect(list.stderr).not.toContain('LOADED');
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as Array<{ name: string }>).map((o) => o.name)).toContain('ds2');

    const screen = await cdnctl(['ui']);
    expect(screen.code).toBe(2);
    expect(screen.stderr).toContain('error: the interactive screens need a terminal');
    expect(screen.stderr).not.toContain('LOADED');
    const bare = await cdnctl([]);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain('Usage: cdnctl');
  });
});
