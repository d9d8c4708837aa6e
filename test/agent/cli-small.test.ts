// The built `cdnctl agent` against two in-test servers (no ATS): what it says when there is no reload command,
// one state file per host and server, and --help's durations as they are typed (issue 33 item 8).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runCdnctl, type CliDirs } from '../helpers/cli.js';
import { startFakeTo, updateStatus, type FakeTo } from './fake-to.js';

const servers: FakeTo[] = [];
const temp: string[] = [];
let dirs: CliDirs;

const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `cdnctl-${name}-`));
  temp.push(dir);
  return dir;
};

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const to = await startFakeTo();
    to.files.set('remap.config', `map http://cdn${i}.example.test/ http://origin${i}.example.test/\n`);
    to.statuses.set('edge-01', updateStatus('edge-01', { upd_pending: true }));
    servers.push(to);
  }
  dirs = { configDir: tempDir('agent-config'), dataDir: tempDir('agent-data') };
});

afterAll(async () => {
  for (const to of servers) await to.close();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

const run = (to: FakeTo, etc: string) =>
  runCdnctl(
    dirs,
    [
      'agent',
      'run',
      '--host',
      'edge-01',
      '--ats-config-dir',
      etc,
      '--once',
      '--reload-command',
      '',
      // No ATS here: nothing to verify the files with.
      '--verify-command',
      '',
      '--server',
      to.url,
    ],
    { env: { CDNCTL_SESSION: 'ok' }, timeoutMs: 30_000 },
  );

test("--reload-command '' writes the files and says no reload ran, not 'reloaded ATS'", async () => {
  const result = await run(servers[0], tempDir('agent-etc'));
  expect(result.code).toBe(0);
  expect(result.stderr).toMatch(/syncds: wrote remap\.config/);
  expect(result.stderr).not.toContain('reloaded ATS');
  expect(result.stderr).toMatch(/syncds: no reload command \(--reload-command ""\)/);
});

test('two agents for the same host name but different servers keep separate state files', async () => {
  const second = await run(servers[1], tempDir('agent-etc'));
  expect(second.code).toBe(0);
  const files = readdirSync(dirs.dataDir).filter((n) => n.startsWith('agent-'));
  expect(files).toHaveLength(2);
  const status = await runCdnctl(dirs, ['agent', 'status', '-o', 'json']);
  const states = JSON.parse(status.stdout) as Array<{ host: string; server: string }>;
  expect(states.map((s) => s.server).sort()).toEqual(servers.map((to) => to.url).sort());
  expect(states.every((s) => s.host === 'edge-01')).toBe(true);
});

test('agent run --help shows the default durations as they are typed', async () => {
  const help = await runCdnctl(dirs, ['agent', 'run', '--help']);
  expect(help.stdout).toMatch(/--interval <duration>[\s\S]*?\(default: 15m\)/);
  expect(help.stdout).toMatch(/--revalidate-interval <duration>[\s\S]*?\(default: 60s\)/);
  expect(help.stdout).toMatch(/--dispersion <duration>[\s\S]*?\(default: 5m\)/);
  expect(help.stdout).not.toMatch(/900000|300000|60000/);
});
