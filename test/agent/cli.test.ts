import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { generateAtsFiles } from '../../daemon/atsconfig/generate.js';
import { createAtsRoot, startAts, type AtsInstance, ATS_TOOL_ENV } from '../helpers/ats/ats-instance.js';
import { getVia, waitServing } from '../helpers/ats/http-get.js';
import { startOrigin, type Origin } from '../helpers/ats/origin.js';
import { pairContexts, service } from '../daemon/atsconfig/contexts.js';
import { runCdnctl, type CliDirs } from '../helpers/cli.js';
import { startFakeTo, updateStatus, type FakeTo } from './fake-to.js';

/*
 * The built `cdnctl agent` as a process, against the in-test server of the TO 1.x cache routes, driving a real
 * ATS: it installs the generated files the server hands out and `traffic_ctl config reload` makes ATS serve them.
 */

let to: FakeTo;
let origin: Origin;
let ats: AtsInstance;
let dirs: CliDirs;
let etc: string;
const temp: string[] = [];

const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `cdnctl-${name}-`));
  temp.push(dir);
  return dir;
};

/** The EDGE's generated files for the given delivery services (no parents: it goes to the origin itself). */
function edgeFiles(root: string, services: ReturnType<typeof service>[]): Map<string, string> {
  const { edge } = pairContexts({ cacheDir: join(root, 'cache'), services });
  return generateAtsFiles({ ...edge, parents: [], secondaryParents: [] });
}

beforeAll(async () => {
  to = await startFakeTo();
  origin = await startOrigin();
  dirs = { configDir: tempDir('agent-config'), dataDir: tempDir('agent-data') };
  etc = tempDir('agent-etc');
  const root = createAtsRoot('agent-ats');
  for (const [name, text] of edgeFiles(root, [])) writeFileSync(join(etc, name), text);
  ats = await startAts(etc, { root });
  const ds = service({ orgServerFqdn: `http://127.0.0.1:${origin.port}` });
  for (const [name, text] of edgeFiles(root, [ds])) to.files.set(name, text);
});

afterAll(async () => {
  await ats?.stop();
  await origin?.close();
  await to?.close();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

const agent = (args: string[], env: Record<string, string> = {}) =>
  runCdnctl(dirs, ['agent', ...args, '--server', to.url], {
    env: { CDNCTL_SESSION: 'ok', TS_RUNROOT: ats.root, ...ATS_TOOL_ENV, ...env },
    timeoutMs: 30_000,
  });

test('agent run --dry-run shows the diff and leaves ATS and the server as they were', async () => {
  to.statuses.set('edge-01', updateStatus('edge-01', { upd_pending: true }));
  const before = readFileSync(join(etc, 'remap.config'), 'utf8');
  const result = await agent(['run', '--host', 'edge-01', '--ats-config-dir', etc, '--once', '--dry-run']);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain(`+map http://cdn.demo.cdn.test/ http://127.0.0.1:${origin.port}/`);
  expect(result.stderr).toMatch(/syncds: dry run: would write 2 file\(s\): parent\.config, remap\.config/);
  expect(readFileSync(join(etc, 'remap.config'), 'utf8')).toBe(before);
  expect(to.reports).toEqual([]);
});

test('agent run --once installs the new remap.config, reloads the real ATS through traffic_ctl, and checks in', async () => {
  expect((await getVia(ats.port, 'cdn.demo.cdn.test', '/a.txt')).status).toBe(404);
  const result = await agent(['run', '--host', 'edge-01', '--ats-config-dir', etc, '--once']);
  expect(result.stderr).toMatch(/syncds: wrote parent\.config, remap\.config \(previous set in /);
  expect(result.stderr).toMatch(/syncds: reloaded ATS/);
  expect(result.code).toBe(0);
  expect(to.reports[0]).toEqual({ host: 'edge-01', updated: 'false', reval_updated: 'false' });
  expect((await waitServing(ats.port, 'cdn.demo.cdn.test', '/a.txt', 20_000)).body).toBe(origin.body('/a.txt'));
  expect(readdirSync(join(etc, '.cdnctl-backup'))).toHaveLength(1);
});

test('with CDNCTL_AGENT_USERNAME/PASSWORD and no session the agent logs itself in', async () => {
  to.statuses.get('edge-01')!.upd_pending = true;
  const result = await agent(['run', '--host', 'edge-01', '--ats-config-dir', etc, '--once', '--reload-command', ''], {
    CDNCTL_SESSION: '',
    CDNCTL_AGENT_USERNAME: 'ort',
    CDNCTL_AGENT_PASSWORD: 'secret-pass',
  });
  expect(result.stderr).toMatch(/syncds: every file already matches the server/);
  expect(result.code).toBe(0);
  expect(to.statuses.get('edge-01')?.upd_pending).toBe(false);
});

test('agent status prints what the agent last did', async () => {
  const json = await runCdnctl(dirs, ['agent', 'status', '-o', 'json']);
  expect(json.code).toBe(0);
  const [state] = JSON.parse(json.stdout) as Array<{
    host: string;
    lastApplied: { kind: string; files: string[] };
    events: Array<{ message: string }>;
  }>;
  expect(state?.host).toBe('edge-01');
  expect(state?.lastApplied).toMatchObject({ kind: 'syncds', files: [] });
  expect(state?.events.some((e) => e.message.startsWith('wrote parent.config, remap.config'))).toBe(true);
  const table = await runCdnctl(dirs, ['agent', 'status']);
  expect(table.stdout).toMatch(/edge-01/);
  expect((await runCdnctl(dirs, ['agent', 'status', '--host', 'edge-09'])).stdout).toContain(
    'No agent has run for edge-09 here.',
  );
});

test('a bad duration is a usage error', async () => {
  const result = await agent(['run', '--host', 'edge-01', '--ats-config-dir', etc, '--interval', '5x']);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('expected a duration such as 500ms, 60s, 15m or 1h.');
});
