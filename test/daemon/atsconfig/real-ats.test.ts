import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { generateAtsFiles } from '../../../daemon/atsconfig/generate.js';
import { createAtsRoot, freePort, startAts, type AtsInstance } from '../../helpers/ats/ats-instance.js';
import { getVia, waitServing } from '../../helpers/ats/http-get.js';
import { startOrigin, type Origin } from '../../helpers/ats/origin.js';
import { pairContexts, service } from './contexts.js';

/*
 * The generated files load in the ATS that runs here: an EDGE and a MID, each started on nothing but its
 * generated files, carry a request EDGE → MID → origin (host names resolve through a hosts file).
 */

let origin: Origin;
let edge: AtsInstance;
let mid: AtsInstance;
const dirs: string[] = [];

function writeFiles(files: Map<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdnctl-atsconfig-'));
  dirs.push(dir);
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  return dir;
}

beforeAll(async () => {
  origin = await startOrigin();
  const [edgePort, midPort, mid2Port] = [await freePort(), await freePort(), await freePort()];
  const hosts = join(mkdtempSync(join(tmpdir(), 'cdnctl-hosts-')), 'hosts');
  dirs.push(join(hosts, '..'));
  writeFileSync(hosts, '127.0.0.1 origin.test mid-01.cdn.test mid-02.cdn.test edge-01.cdn.test\n');
  const env = { PROXY_CONFIG_HOSTDB_HOST_FILE_PATH: hosts };
  const edgeRoot = createAtsRoot('edge');
  const midRoot = createAtsRoot('mid');
  const orgServerFqdn = `http://origin.test:${origin.port}`;
  // "demo" is the one the requests use; "video" and "dl" carry every remap plugin, so ATS must load them all.
  const services = [
    service({ orgServerFqdn, edgeHeaderRewrite: 'cond %{REMAP_PSEUDO_HOOK}__RETURN__set-header X-Edge-Rule demo' }),
    service({
      xmlId: 'video',
      routingName: 'tv',
      qstringIgnore: 1,
      orgServerFqdn: `http://origin.test:${origin.port + 1}`,
      rangeRequestHandling: 2,
      edgeHeaderRewrite: 'cond %{REMAP_PSEUDO_HOOK}__RETURN__set-header X-CDN cdn1',
      midHeaderRewrite: 'cond %{REMAP_PSEUDO_HOOK}__RETURN__set-header X-Mid 1',
      regexRemap: `^/old/(.*) http://origin.test:${origin.port + 1}/new/$1`,
    }),
    service({
      xmlId: 'dl',
      qstringIgnore: 2,
      rangeRequestHandling: 1,
      type: 'HTTP_NO_CACHE',
      orgServerFqdn: 'http://dl.test',
    }),
  ];
  const edgeCtx = pairContexts({ edgePort, midPort, mid2Port, services, cacheDir: join(edgeRoot, 'cache') }).edge;
  const midCtx = pairContexts({ edgePort, midPort, mid2Port, services, cacheDir: join(midRoot, 'cache') }).mid;
  mid = await startAts(writeFiles(generateAtsFiles(midCtx)), { root: midRoot, port: midPort, env });
  edge = await startAts(writeFiles(generateAtsFiles(edgeCtx)), { root: edgeRoot, port: edgePort, env });
  expect((await waitServing(edge.port, 'cdn.demo.cdn.test', '/warmup')).status).toBe(200);
});

afterAll(async () => {
  await edge?.stop();
  await mid?.stop();
  await origin?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('generated EDGE and MID files load in ATS 9.2 without errors', () => {
  for (const ats of [edge, mid]) {
    expect(ats.diags()).not.toMatch(/ERROR|could not initialize storage|Cache Disabled/);
    expect(ats.diags()).toContain("loading plugin '/usr/lib/trafficserver/modules/regex_revalidate.so'");
    for (const file of ['remap.config', 'parent.config', 'ip_allow.yaml', 'logging.yaml', 'plugin.config']) {
      expect(ats.diags()).toMatch(new RegExp(`${file.replace('.', '\\.')} finished loading`));
      expect(ats.diags()).not.toMatch(new RegExp(`${file.replace('.', '\\.')} failed to load`));
    }
    expect(ats.diags()).toContain('cache enabled');
  }
});

test('a GET to the delivery service host goes EDGE → MID → origin, and the second GET is an edge hit', async () => {
  const first = await getVia(edge.port, 'cdn.demo.cdn.test', '/images/a.jpg');
  expect(first.status).toBe(200);
  expect(first.body).toBe(origin.body('/images/a.jpg'));
  expect(origin.count('/images/a.jpg')).toBe(1);
  const hit = origin.hits.find((h) => h.url === '/images/a.jpg');
  // Each tier adds itself to the request's Via: the origin saw two caches.
  expect(String(hit?.headers.via).match(/ApacheTrafficServer/g)).toHaveLength(2);
  expect(hit?.headers['x-edge-rule']).toBe('demo');
  const second = await getVia(edge.port, 'cdn.demo.cdn.test', '/images/a.jpg');
  expect(second.body).toBe(first.body);
  expect(String(second.headers.via)).toMatch(/\[cH/);
  expect(origin.count('/images/a.jpg')).toBe(1);
});

test('a host no delivery service maps is refused by the edge', async () => {
  expect((await getVia(edge.port, 'other.cdn.test', '/x')).status).toBe(404);
});
