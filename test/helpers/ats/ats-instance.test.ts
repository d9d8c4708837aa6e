import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAtsRoot, startAts, type AtsInstance } from './ats-instance.js';
import { getVia } from './http-get.js';
import { startOrigin, type Origin } from './origin.js';

let origin: Origin;
let ats: AtsInstance;
let configDir: string;

/** The smallest configuration ATS serves from: records, storage in the instance root, one remap rule. */
function writeConfig(dir: string, root: string, remap: string): void {
  const files: Record<string, string> = {
    'records.config': [
      'CONFIG proxy.config.url_remap.remap_required INT 1',
      'CONFIG proxy.config.reverse_proxy.enabled INT 1',
      'CONFIG proxy.config.http.cache.http INT 1',
      'CONFIG proxy.config.http.insert_response_via_str INT 2',
      'CONFIG proxy.config.exec_thread.autoconfig INT 0',
      'CONFIG proxy.config.exec_thread.limit INT 1',
      '',
    ].join('\n'),
    'storage.config': `${join(root, 'cache')} 64M\n`,
    'remap.config': remap,
    'ip_allow.yaml': 'ip_allow:\n  - apply: in\n    ip_addrs: 127.0.0.1\n    action: allow\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}

const get = (host: string, path: string) => getVia(ats.port, host, path);

beforeAll(async () => {
  origin = await startOrigin();
  configDir = mkdtempSync(join(tmpdir(), 'cdnctl-ats-etc-'));
  const root = createAtsRoot();
  writeConfig(configDir, root, `map http://a.test/ http://127.0.0.1:${origin.port}/\n`);
  ats = await startAts(configDir, { root });
});

afterAll(async () => {
  await ats?.stop();
  await origin?.close();
  rmSync(configDir, { recursive: true, force: true });
});

test('ATS in a temp dir caches an origin object: the second GET is a hit the origin never sees', async () => {
  const first = await get('a.test', '/images/a.jpg');
  expect(first.status).toBe(200);
  expect(first.body).toBe(origin.body('/images/a.jpg'));
  const second = await get('a.test', '/images/a.jpg');
  expect(second.body).toBe(origin.body('/images/a.jpg'));
  expect(second.headers.via).toMatch(/\[cH/);
  expect(origin.count('/images/a.jpg')).toBe(1);
});

test('traffic_ctl config reload reaches the instance through TS_RUNROOT and ATS serves the new remap rule', async () => {
  expect((await get('b.test', '/x')).status).toBe(404);
  writeConfig(configDir, ats.root, `map http://b.test/ http://127.0.0.1:${origin.port}/\n`);
  await ats.reload();
  const deadline = Date.now() + 15_000;
  let status = 0;
  while (Date.now() < deadline && status !== 200) {
    status = (await get('b.test', '/x')).status;
    if (status !== 200) await new Promise((r) => setTimeout(r, 200));
  }
  expect(status).toBe(200);
});
