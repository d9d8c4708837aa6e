import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { generateAtsFiles } from '../../daemon/atsconfig/generate.js';
import { AgentApi } from '../../agent/api.js';
import { runAgent } from '../../agent/loop.js';
import { atsPluginDir } from '../../agent/plugins.js';
import { runShell } from '../../agent/reload.js';
import { HttpClient } from '../../shared/client/http.js';
import { Cli } from '../helpers/cli.js';
import { createAtsRoot, freePort, startAts, type AtsInstance } from '../helpers/ats/ats-instance.js';
import { pairContexts } from '../daemon/atsconfig/contexts.js';
import { startFakeTo, updateStatus, type FakeTo } from './fake-to.js';

/*
 * Issue 32, finding 2: a remap.config naming a plugin ATS does not have was written, reported as applied
 * (upd_pending cleared), and ATS logged "remap.config failed to load". With a real ATS 9.2 and the plugin dir
 * it reports: the agent does not apply such a set, keeps the files ATS runs, leaves the flag raised, and
 * `cdnctl agent status` says why. The same set naming a plugin ATS has goes in.
 */

const HOST = 'mid-01';
let to: FakeTo;
let ats: AtsInstance | undefined;
let dataDir: string;
let pluginDir: string | null;
const clients: HttpClient[] = [];
const temp: string[] = [];
const lines: string[] = [];

beforeAll(async () => {
  to = await startFakeTo();
  const root = createAtsRoot('mid');
  const etc = mkdtempSync(join(tmpdir(), 'cdnctl-mid-etc-'));
  dataDir = mkdtempSync(join(tmpdir(), 'cdnctl-agent-data-'));
  temp.push(etc, dataDir);
  const ctx = { ...pairContexts({ cacheDir: join(root, 'cache') }).mid, jobs: [], now: Date.now() };
  const files = generateAtsFiles(ctx);
  for (const [name, text] of files) writeFileSync(join(etc, name), text);
  ats = await startAts(etc, { root, port: await freePort() });
  pluginDir = atsPluginDir(ats.env);
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await ats?.stop();
  await to?.close();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** The served set: the generated files with one more remap rule that uses `plugin`. */
function serve(plugin: string): string {
  const files = generateAtsFiles({ ...pairContexts().mid, jobs: [], now: Date.now() });
  const remap = `${files.get('remap.config') ?? ''}map http://extra.test/ http://origin.test/ @plugin=${plugin}\n`;
  files.set('remap.config', remap);
  to.hostFiles.set(HOST, files);
  to.statuses.set(HOST, updateStatus(HOST, { upd_pending: true }));
  return remap;
}

function agentOnce(): Promise<number> {
  const http = new HttpClient({ baseUrl: to.url, version: '1.3', cookie: 'mojolicious=ok' });
  clients.push(http);
  const instance = ats as AtsInstance;
  const stop = new AbortController();
  return runAgent(
    {
      host: HOST,
      configDir: instance.configDir,
      intervalMs: 60_000,
      revalidateIntervalMs: 60_000,
      dispersionMs: 0,
      wait: 'true',
      dryRun: false,
      force: false,
      once: true,
      reloadCommand: `TS_RUNROOT=${instance.root} traffic_ctl config reload`,
      dataDir,
      pluginDir,
    },
    {
      api: new AgentApi(http, '1.3'),
      runCommand: (c) => runShell(c),
      logLine: (t) => lines.push(t),
      out: () => {},
      now: () => new Date(),
      random: () => 0,
      signal: stop.signal,
      sleep: async () => undefined,
    },
  );
}

const remapOnDisk = () => readFileSync(join((ats as AtsInstance).configDir, 'remap.config'), 'utf8');

test('a remap.config naming a missing plugin is not applied, the flag stays raised, and status says why', async () => {
  expect(pluginDir, 'traffic_layout reports the plugin dir').toBe('/usr/lib/trafficserver/modules');
  const running = remapOnDisk();
  serve('no_such_plugin.so');
  expect(await agentOnce(), lines.join('\n')).toBe(1);
  expect(remapOnDisk()).toBe(running);
  expect(to.reports.filter((r) => r.host === HOST)).toEqual([]);
  expect(to.statuses.get(HOST)?.upd_pending).toBe(true);
  const status = await new Cli({ configDir: dataDir, dataDir }).run(['agent', 'status', '--host', HOST, '-o', 'json']);
  expect(status.code, status.stderr).toBe(0);
  const [state] = JSON.parse(status.stdout) as [{ lastError: { message: string } | null }];
  expect(state.lastError?.message).toMatch(
    /remap\.config names plugin no_such_plugin\.so, which ATS does not have \(no \/usr\/lib\/trafficserver\/modules\/no_such_plugin\.so\)/,
  );

  const good = serve('cachekey.so');
  expect(await agentOnce(), lines.join('\n')).toBe(0);
  expect(remapOnDisk()).toBe(good);
  expect(to.reports.filter((r) => r.host === HOST)).toMatchObject([{ host: HOST, updated: 'false' }]);
  expect(to.statuses.get(HOST)?.upd_pending).toBe(false);
}, 120_000);
