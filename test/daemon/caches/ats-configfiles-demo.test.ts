import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadDemo } from '../../../daemon/services/snapshot/demo.js';
import { ADMIN_PASSWORD, makeApp, type TestApp } from '../../helpers/app.js';

/*
 * The demo CDN (what `cdnctl daemon start --demo` serves) through the cache configuration routes: every file an
 * EDGE and a MID list answers, and the EDGE's remap.config and the MID's parent.config carry the demo's services.
 */

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await makeApp();
  await loadDemo({ store: t.db, firstStart: true, say: () => {} });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/1.3/user/login',
    payload: { u: 'admin', p: ADMIN_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  cookie = String(login.headers['set-cookie']).split(';')[0] as string;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

test.each(['edge-chi-01', 'mid-den-01'])('%s: every listed file answers 200 as text', async (host) => {
  const list = await get(`/api/1.3/servers/${host}/configfiles/ats`);
  expect(list.statusCode).toBe(200);
  const { info, configFiles } = list.json() as {
    info: { cdnName: string };
    configFiles: Array<{ fnameOnDisk: string; apiUri: string }>;
  };
  expect(info.cdnName).toBe('cdn-na');
  expect(configFiles.length).toBeGreaterThan(10);
  for (const file of configFiles) {
    const res = await get(file.apiUri);
    expect(res.statusCode, `${file.apiUri}: ${res.body.slice(0, 200)}`).toBe(200);
    expect(res.body).toMatch(/^# DO NOT EDIT - /);
  }
});

test('the EDGE maps the demo services to their origins; the MID goes to the origins directly', async () => {
  const remap = (await get('/api/1.3/servers/edge-chi-01/configfiles/ats/remap.config')).body;
  expect(remap).toContain(
    'map http://cdn.acme-vod.na.mycdn.example.net/ https://vod-origin.acme.example.com/ @plugin=header_rewrite.so @pparam=hdr_rw_acme-vod.config',
  );
  const hdr = await get('/api/1.3/servers/edge-chi-01/configfiles/ats/hdr_rw_acme-vod.config');
  expect(hdr.body).toContain('set-header X-Served-By "mycdn" [L]');
  const parent = (await get('/api/1.3/servers/mid-den-01/configfiles/ats/parent.config')).body;
  expect(parent).toMatch(/^dest_domain=vod-origin\.acme\.example\.com port=443 .*go_direct=true/m);
});
