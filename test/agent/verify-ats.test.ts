import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AtsServerContext } from '../../daemon/atsconfig/context.js';
import { generateAtsFiles } from '../../daemon/atsconfig/generate.js';
import { AgentApi } from '../../agent/api.js';
import { runAgent } from '../../agent/loop.js';
import { runShell } from '../../agent/reload.js';
import { HttpClient } from '../../shared/client/http.js';
import { Cli } from '../helpers/cli.js';
import { createAtsRoot, freePort, startAts, type AtsInstance } from '../helpers/ats/ats-instance.js';
import { getVia, waitServing } from '../helpers/ats/http-get.js';
import { startOrigin, type Origin } from '../helpers/ats/origin.js';
import { pairContexts, service } from '../daemon/atsconfig/contexts.js';
import { startFakeTo, updateStatus, type FakeTo } from './fake-to.js';

/*
 * Issue 32, finding 2, on a real ATS 9.2: the agent reported success for files ATS refused. Now ATS judges a set
 * before it replaces the live files (`traffic_server -C verify_config` on a staged copy) and after the reload
 * (diags.log); a refused set is not applied or is rolled back, the last good set stays live and serving,
 * upd_pending stays raised, and the reason shows in `cdnctl agent status` and goes to the server (agent_error,
 * which cdnctl's daemon keeps on the server's record; the stand-in here stamps its reads as the daemon does).
 */

const HOST = 'mid-01';
let to: FakeTo;
let origin: Origin;
let ats: AtsInstance | undefined;
let ctx: AtsServerContext;
let dataDir: string;
const clients: HttpClient[] = [];
const temp: string[] = [];
const lines: string[] = [];
let originHost: string;

beforeAll(async () => {
  to = await startFakeTo();
  to.stampReads = true;
  origin = await startOrigin();
  originHost = `origin.test:${origin.port}`;
  const root = createAtsRoot('mid');
  const etc = mkdtempSync(join(tmpdir(), 'cdnctl-mid-etc-'));
  const hostsDir = mkdtempSync(join(tmpdir(), 'cdnctl-hosts-'));
  dataDir = mkdtempSync(join(tmpdir(), 'cdnctl-agent-data-'));
  temp.push(etc, hostsDir, dataDir);
  writeFileSync(join(hostsDir, 'hosts'), '127.0.0.1 origin.test\n');
  const services = [service({ orgServerFqdn: `http://${originHost}` })];
  ctx = { ...pairContexts({ services, cacheDir: join(root, 'cache') }).mid, jobs: [], now: Date.now() };
  for (const [name, text] of generateAtsFiles(ctx)) writeFileSync(join(etc, name), text);
  ats = await startAts(etc, {
    root,
    port: await freePort(),
    env: { PROXY_CONFIG_HOSTDB_HOST_FILE_PATH: join(hostsDir, 'hosts') },
  });
  expect((await waitServing(ats.port, originHost, '/warmup')).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await ats?.stop();
  await origin?.close();
  await to?.close();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** Serves the generated set with `edit` applied to one file, and queues an update. */
function serve(file: string, edit: (text: string) => string): string {
  const files = generateAtsFiles({ ...ctx, now: Date.now() });
  const text = edit(files.get(file) ?? '');
  files.set(file, text);
  to.hostFiles.set(HOST, files);
  to.statuses.set(HOST, updateStatus(HOST, { upd_pending: true }));
  return text;
}

function agentOnce(): Promise<number> {
  const http = new HttpClient({ baseUrl: to.url, version: '1.3', cookie: 'mojolicious=ok' });
  clients.push(http);
  const instance = ats as AtsInstance;
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
      pluginDir: '/usr/lib/trafficserver/modules',
      ats: { verifyCommand: instance.verifyCommand, logDir: instance.logDir, verdictTimeoutMs: 15_000 },
    },
    {
      api: new AgentApi(http, '1.3'),
      runCommand: (c) => runShell(c),
      logLine: (t) => lines.push(t),
      out: () => {},
      now: () => new Date(),
      random: () => 0,
      signal: new AbortController().signal,
      sleep: async () => undefined,
    },
  );
}

const onDisk = (name: string) => readFileSync(join((ats as AtsInstance).configDir, name), 'utf8');

async function lastError(): Promise<string | undefined> {
  const status = await new Cli({ configDir: dataDir, dataDir }).run(['agent', 'status', '--host', HOST, '-o', 'json']);
  expect(status.code, status.stderr).toBe(0);
  return (JSON.parse(status.stdout) as [{ lastError: { message: string } | null }])[0].lastError?.message;
}

/** No report since `from` lowered the flag: the check-in of the failure sent it raised, as it was read. */
function flagStayedUp(from: number): void {
  expect(to.reports.slice(from).filter((r) => r.host === HOST)).toEqual([
    { host: HOST, updated: 'true', reval_updated: 'false' },
  ]);
  expect(to.statuses.get(HOST)?.upd_pending).toBe(true);
}

test('a remap.config ATS refuses is not applied: the live set keeps serving, the flag stays up, and both sides say why', async () => {
  const running = onDisk('remap.config');
  const reports = to.reports.length;
  serve('remap.config', (text) => `${text}map foo://bad.test/ http://origin.test/\n`);
  expect(await agentOnce(), lines.join('\n')).toBe(1);
  expect(onDisk('remap.config')).toBe(running);
  flagStayedUp(reports);
  const why = /ATS refused the files, nothing written .*only http, https, ws, wss, and tunnel remappings are supported/;
  expect(await lastError()).toMatch(why);
  expect(to.agentErrors.get(HOST)).toMatch(why);
  const reply = await getVia((ats as AtsInstance).port, originHost, '/still-serving');
  expect([reply.status, reply.body]).toEqual([200, origin.body('/still-serving')]);

  // The same set without the bad line goes in, and the reason on the server is cleared.
  const good = serve('remap.config', (text) => `${text}map http://extra.test/ http://${originHost}/\n`);
  expect(await agentOnce(), lines.join('\n')).toBe(0);
  expect(onDisk('remap.config')).toBe(good);
  expect(to.statuses.get(HOST)?.upd_pending).toBe(false);
  expect(to.agentErrors.get(HOST)).toBeNull();
}, 60_000);

test('a parent.config ATS discards after the reload is rolled back to the last good set, the flag stays up, and both sides say why', async () => {
  const running = onDisk('parent.config');
  const reports = to.reports.length;
  serve('parent.config', (text) => `${text}dest_domain=. parent="nowhere" round_robin=sideways junk\n`);
  expect(await agentOnce(), lines.join('\n')).toBe(1);
  expect(onDisk('parent.config')).toBe(running);
  flagStayedUp(reports);
  const why =
    /ATS refused the new files after the reload \(.*parent\.config.*Malformed entry.*\); the previous set is back in place and reloaded/;
  expect(await lastError()).toMatch(why);
  expect(to.agentErrors.get(HOST)).toMatch(why);
  const reply = await getVia((ats as AtsInstance).port, originHost, '/after-rollback');
  expect([reply.status, reply.body]).toEqual([200, origin.body('/after-rollback')]);
}, 60_000);
