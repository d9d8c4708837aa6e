import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { AgentApi } from '../../agent/api.js';
import { install } from '../../agent/disk.js';
import { runAgent, type AgentOptions } from '../../agent/loop.js';
import { runShell } from '../../agent/reload.js';
import { loadStates } from '../../agent/state.js';
import { HttpClient } from '../../shared/client/http.js';
import { login } from '../../shared/client/session.js';
import { startFakeTo, updateStatus, type FakeTo } from './fake-to.js';

let to: FakeTo;
let dir: string;
let etc: string;
let lines: string[];
let printed: string[];
const clients: HttpClient[] = [];

beforeEach(async () => {
  to = await startFakeTo();
  dir = mkdtempSync(join(tmpdir(), 'cdnctl-agent-'));
  etc = join(dir, 'etc');
  lines = [];
  printed = [];
  to.files.set('remap.config', '# DO NOT EDIT - remap.config\nmap http://a.test/ http://origin.test/\n');
  to.files.set('records.config', 'CONFIG proxy.config.http.cache.http INT 1\n');
  to.files.set('regex_revalidate.config', '# DO NOT EDIT - Generated on 2026-11-23T13:00:00Z\n');
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await to.close();
  rmSync(dir, { recursive: true, force: true });
});

function options(over: Partial<AgentOptions> = {}): AgentOptions {
  return {
    host: 'edge-01',
    configDir: etc,
    intervalMs: 50,
    revalidateIntervalMs: 50,
    dispersionMs: 0,
    wait: 'reval',
    dryRun: false,
    force: false,
    once: true,
    reloadCommand: `echo reloaded >> ${join(dir, 'reloads')}`,
    dataDir: join(dir, 'data'),
    ...over,
  };
}

function run(o: AgentOptions, signal = new AbortController().signal) {
  const http = new HttpClient({ baseUrl: to.url, version: '1.3', cookie: 'mojolicious=ok' });
  clients.push(http);
  return runAgent(o, {
    api: new AgentApi(http, '1.3'),
    runCommand: (c) => runShell(c),
    logLine: (t) => lines.push(t),
    out: (t) => printed.push(t),
    now: () => new Date(),
    sleep: (ms, s) =>
      new Promise((r) => {
        const t = setTimeout(r, ms);
        s.addEventListener('abort', () => {
          clearTimeout(t);
          r();
        });
      }),
    random: () => 0,
    signal,
  });
}

const reloads = () =>
  existsSync(join(dir, 'reloads')) ? readFileSync(join(dir, 'reloads'), 'utf8').split('\n').filter(Boolean).length : 0;

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out; log:\n${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

test('a queued update: every file written, ATS reloaded once, upd_pending cleared with reval_pending sent back', async () => {
  to.statuses.set('edge-01', updateStatus('edge-01', { upd_pending: true, reval_pending: true }));
  expect(await run(options())).toBe(0);
  expect(readFileSync(join(etc, 'remap.config'), 'utf8')).toBe(to.files.get('remap.config'));
  expect(
    readdirSync(etc)
      .filter((n) => !n.startsWith('.'))
      .sort(),
  ).toEqual(['records.config', 'regex_revalidate.config', 'remap.config']);
  expect(reloads()).toBe(1);
  // syncds cleared upd_pending and kept reval_pending; the revalidate pass then cleared that, writing nothing new.
  expect(to.reports).toEqual([
    { host: 'edge-01', updated: 'false', reval_updated: 'true' },
    { host: 'edge-01', updated: 'false', reval_updated: 'false' },
  ]);
  expect(lines.join('\n')).toMatch(/syncds: check-in: apply: update pending/);
  expect(lines.join('\n')).toMatch(/revalidate: every file already matches the server: nothing to write, no reload/);
  const [state] = loadStates(join(dir, 'data'), 'edge-01');
  expect(state?.lastApplied?.kind).toBe('revalidate');
  expect(
    state?.events.some((e) => e.message.startsWith('wrote records.config, regex_revalidate.config, remap.config')),
  ).toBe(true);
});

test('only changed files are written, the previous set is backed up, and a header-only change is no change', async () => {
  to.statuses.set('edge-01', updateStatus('edge-01', { upd_pending: true }));
  await run(options());
  const recordsStat = readFileSync(join(etc, 'records.config'), 'utf8');
  to.files.set('remap.config', '# DO NOT EDIT - remap.config\nmap http://a.test/ http://origin2.test/\n');
  to.files.set('regex_revalidate.config', '# DO NOT EDIT - Generated on 2026-11-23T14:00:00Z\n');
  to.statuses.get('edge-01')!.upd_pending = true;
  await run(options());
  expect(readFileSync(join(etc, 'remap.config'), 'utf8')).toContain('origin2.test');
  expect(readFileSync(join(etc, 'records.config'), 'utf8')).toBe(recordsStat);
  expect(lines.filter((l) => l.includes('wrote ')).at(-1)).toMatch(/wrote remap\.config \(previous set in /);
  const backups = readdirSync(join(etc, '.cdnctl-backup')).sort();
  expect(readFileSync(join(etc, '.cdnctl-backup', backups.at(-1)!, 'remap.config'), 'utf8')).toContain(
    'http://origin.test/',
  );
  expect(reloads()).toBe(2);
});

test('an edge waits while its parents have not revalidated, then applies only regex_revalidate.config', async () => {
  to.statuses.set('edge-01', updateStatus('edge-01', { reval_pending: true, parent_reval_pending: true }));
  await run(options());
  expect(to.reports).toEqual([]);
  expect(existsSync(join(etc, 'regex_revalidate.config'))).toBe(false);
  expect(lines.join('\n')).toMatch(/revalidate: check-in: skip: revalidation pending, but a parent has not applied/);
  // Idle, each pass (syncds, then revalidate) still says the cache is alive (reading update_status records
  // nothing, issue 28), and reports no flags.
  expect(to.heartbeats).toEqual(['edge-01', 'edge-01']);
  to.statuses.get('edge-01')!.parent_reval_pending = false;
  await run(options());
  expect(readdirSync(etc)).toContain('regex_revalidate.config');
  expect(readdirSync(etc)).not.toContain('remap.config');
  expect(to.reports).toEqual([{ host: 'edge-01', updated: 'false', reval_updated: 'false' }]);
});

test('--dry-run prints the diff and changes nothing, reports nothing', async () => {
  to.statuses.set('edge-01', updateStatus('edge-01', { upd_pending: true }));
  await run(options({ dryRun: true }));
  expect(existsSync(etc)).toBe(false);
  expect(to.reports).toEqual([]);
  expect(printed.join('')).toContain(
    '--- /dev/null\n+++ b/remap.config\n+# DO NOT EDIT - remap.config\n+map http://a.test/ http://origin.test/\n',
  );
  expect(lines.join('\n')).toMatch(/dry run: would write 3 file\(s\)/);
});

test('a failing reload puts the previous files back and reports nothing; files that do not validate are never written', async () => {
  to.statuses.set('edge-01', updateStatus('edge-01', { upd_pending: true }));
  await run(options());
  const before = readFileSync(join(etc, 'remap.config'), 'utf8');
  to.files.set('remap.config', 'map http://b.test/ http://origin.test/\n');
  to.statuses.get('edge-01')!.upd_pending = true;
  expect(await run(options({ reloadCommand: 'echo no manager >&2; exit 3' }))).toBe(1);
  expect(readFileSync(join(etc, 'remap.config'), 'utf8')).toBe(before);
  expect(lines.join('\n')).toMatch(
    /reload failed, previous files restored: `echo no manager >&2; exit 3` exited with 3: no manager/,
  );
  expect(to.reports).toHaveLength(1);
  to.files.set('remap.config', 'nonsense\n');
  expect(await run(options())).toBe(1);
  expect(readFileSync(join(etc, 'remap.config'), 'utf8')).toBe(before);
  expect(lines.join('\n')).toMatch(
    /do not validate, nothing written: remap\.config has a line that is no remap rule: nonsense/,
  );
  expect(to.statuses.get('edge-01')?.upd_pending).toBe(true);
});

test('the loop survives the server being down: it logs, backs off, and applies once the server is back', async () => {
  to.statuses.set('edge-01', updateStatus('edge-01', { upd_pending: true }));
  await to.close();
  const stop = new AbortController();
  const running = run(options({ once: false, intervalMs: 4000, revalidateIntervalMs: 4000 }), stop.signal);
  await until(() => lines.some((l) => /syncds: failed: GET update_status: .*refused.*retrying in 1 s/.test(l)));
  await until(() => lines.some((l) => /retrying in 2 s/.test(l)));
  await to.reopen();
  await until(() => to.reports.length > 0);
  expect(readdirSync(etc)).toContain('remap.config');
  stop.abort();
  expect(await running).toBe(0);
  expect(lines.at(-1)).toMatch(/agent edge-01 agent: stopped$/);
}, 30_000);

test('--force applies every file on the first pass although nothing is queued, and reports', async () => {
  to.statuses.set('edge-01', updateStatus('edge-01'));
  await run(options({ force: true }));
  expect(readdirSync(etc)).toContain('remap.config');
  expect(lines.join('\n')).toMatch(/syncds: check-in: apply: forced/);
  expect(to.reports).toEqual([{ host: 'edge-01', updated: 'false', reval_updated: 'false' }]);
});

test('with its own credentials the agent logs in again when its session is refused, and retries the call', async () => {
  to.statuses.set('edge-01', updateStatus('edge-01', { upd_pending: true }));
  const http = new HttpClient({ baseUrl: to.url, version: '1.3', cookie: 'mojolicious=expired' });
  clients.push(http);
  const relogin = async (password: string) => {
    const client = new HttpClient({ baseUrl: to.url, version: '1.3' });
    clients.push(client);
    return (await login(client, 'ort', password)).cookie;
  };
  expect((await new AgentApi(http, '1.3', () => relogin('secret-pass')).updateStatus('edge-01'))[0]?.upd_pending).toBe(
    true,
  );
  expect(http.cookie).toBe('mojolicious=ok');
  http.cookie = 'mojolicious=expired';
  await expect(new AgentApi(http, '1.3', () => relogin('wrong-pass')).updateStatus('edge-01')).rejects.toThrow(
    'GET update_status (session refused, new login failed): HTTP 401 Invalid username or password.',
  );
});

test('a refused session and an unknown host are logged, never applied', async () => {
  const http = new HttpClient({ baseUrl: to.url, version: '1.3', cookie: 'mojolicious=expired' });
  clients.push(http);
  await expect(new AgentApi(http, '1.3').updateStatus('edge-01')).rejects.toThrow(
    'GET update_status: HTTP 401 Unauthorized, please log in.',
  );
  expect(await run(options({ host: 'edge-09' }))).toBe(0);
  expect(lines.join('\n')).toMatch(/syncds: check-in: skip: the server does not know host edge-09/);
  expect(to.reports).toEqual([]);
  writeFileSync(join(dir, 'unused'), '');
});

test('issue 32: an EDGE holds a queued update while its parent is pending, and applies anyway after --parent-wait-max', async () => {
  to.statuses.set('edge-01', updateStatus('edge-01', { upd_pending: true, parent_pending: true }));
  const stop = new AbortController();
  const o = options({ once: false, wait: 'true', intervalMs: 50, revalidateIntervalMs: 60_000, parentWaitMaxMs: 400 });
  const running = run(o, stop.signal);
  await until(() => to.reports.length > 0);
  stop.abort();
  expect(await running).toBe(0);
  const held = lines.filter((l) => /syncds: check-in: skip: update pending, but a parent .*\(parent_pending\)/.test(l));
  expect(held.length).toBeGreaterThan(1);
  const anyway = lines.find((l) => /syncds: check-in: apply: update pending .*applying anyway/.test(l))!;
  const at = (line: string) => Date.parse(line.split(' ')[0]!);
  expect(at(anyway) - at(held[0]!)).toBeGreaterThanOrEqual(400);
  expect(readdirSync(etc)).toContain('remap.config');
});

test('issue 32: the hold ends when the parent has applied: the next held update waits its whole bound again', async () => {
  to.statuses.set('edge-01', updateStatus('edge-01', { upd_pending: true, parent_pending: true }));
  const stop = new AbortController();
  const o = options({
    once: false,
    wait: 'true',
    intervalMs: 50,
    revalidateIntervalMs: 60_000,
    parentWaitMaxMs: 60_000,
  });
  const running = run(o, stop.signal);
  await until(() => lines.some((l) => /\(parent_pending\); waiting/.test(l)));
  to.statuses.get('edge-01')!.parent_pending = false;
  await until(() => to.reports.length > 0);
  stop.abort();
  expect(await running).toBe(0);
  expect(lines.some((l) => /applying anyway/.test(l))).toBe(false);
});

test('issue 32: a hold for parents outlives the run, so --once runs (cron) reach --parent-wait-max too', async () => {
  to.statuses.set('edge-01', updateStatus('edge-01', { upd_pending: true, parent_pending: true }));
  await run(options({ wait: 'true', parentWaitMaxMs: 300 }));
  expect(to.reports).toEqual([]);
  const [held] = loadStates(join(dir, 'data'), 'edge-01');
  expect(held?.parentHeldSince?.syncds).toBeTypeOf('number');
  await until(() => Date.now() - held!.parentHeldSince!.syncds! >= 300);
  await run(options({ wait: 'true', parentWaitMaxMs: 300 }));
  expect(to.reports[0]).toMatchObject({ host: 'edge-01', updated: 'false' });
  expect(lines.join('\n')).toMatch(/syncds: check-in: apply: update pending .*applying anyway/);
  expect(loadStates(join(dir, 'data'), 'edge-01')[0]?.parentHeldSince).toEqual({});
});

test('issue 32: a file replaced within the same second gets a later mtime in seconds (ATS skips a file no newer)', () => {
  const seconds = () => Math.floor(statSync(join(etc, 'regex_revalidate.config')).mtimeMs / 1000);
  const change = (after: string) => [{ name: 'regex_revalidate.config', before: null, after }];
  install(etc, change('# one\n'));
  const first = seconds();
  install(etc, change('# two\n'));
  install(etc, change('# three\n'));
  expect(seconds()).toBeGreaterThanOrEqual(first + 2);
  expect(readFileSync(join(etc, 'regex_revalidate.config'), 'utf8')).toBe('# three\n');
});
