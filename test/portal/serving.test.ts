import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, PORTAL_CSP, PORTAL_NOT_BUILT, isAppPath } from '../../daemon/portal.js';
import { makeApp, type TestApp } from '../helpers/app.js';
import { NAV_LINKS, parseRoute } from '../../portal/src/lib/router.js';
import { PORTAL_SECTIONS } from '../../shared/portal-paths.js';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("portal");';

let dir: string;
let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cdnctl-portal-'));
  const root = join(dir, 'portal');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await makeApp({ portalRoot: root });
  bare = await makeApp({ portalRoot: join(dir, 'missing') });
});
afterAll(async () => {
  await t.close();
  await bare.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

describe('portal files', () => {
  it('serves index.html at / with no-cache and the strict security headers', async () => {
    const res = await get(t, '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe(PORTAL_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('states every directive of the policy, with no unsafe-inline anywhere', () => {
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(PORTAL_CSP).toContain(directive);
    }
    expect(PORTAL_CSP).not.toContain('unsafe');
  });

  it('serves hashed assets with a year of immutable caching and an ETag', async () => {
    const res = await get(t, '/assets/index-Ab12Cd34.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe(SCRIPT);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['content-security-policy']).toBe(PORTAL_CSP);
  });

  it('answers a revalidation of index.html with 304', async () => {
    const first = await get(t, '/');
    const again = await get(t, '/', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('revalidates unhashed files at the root', async () => {
    const res = await get(t, '/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/origins', '/users/3', '/delivery-services/', '/purge?ds=1'])(
    'answers the app path %s with index.html',
    async (url) => {
      const res = await get(t, url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toBe(PORTAL_CSP);
    },
  );

  it('answers every path outside the portal with the API 404 alert, not with index.html (issue 34)', async () => {
    for (const url of [
      '/update',
      '/ort/edge-chi-01',
      '/ort/edge-chi-01/other',
      '/nonexistent',
      '/servers-and-more/3',
      '/tools/write_crconfig/cdn1',
    ]) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({
        alerts: [{ text: `The requested path '${url}' does not exist.`, level: 'error' }],
      });
    }
  });

  it("answers ORT's root routes in JSON (401 without a session), never with index.html", async () => {
    for (const url of ['/update/edge-chi-01', '/ort/edge-chi-01/packages', '/ort/edge-chi-01/chkconfig']) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json().alerts[0].level, url).toBe('error');
    }
  });

  it('answers a missing asset with the 404 alert, not with index.html', async () => {
    for (const url of ['/assets/index-gone.js', '/robots.txt']) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({
        alerts: [{ text: `The requested path '${url}' does not exist.`, level: 'error' }],
      });
    }
  });

  it('keeps the API not-found answers: 404 for unknown paths, 501 for unserved versions, no portal headers', async () => {
    const unknown = await get(t, '/api/1.2/nonexistent');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      alerts: [{ text: "The requested path '/api/1.2/nonexistent' does not exist.", level: 'error' }],
    });
    expect(unknown.headers['content-security-policy']).toBeUndefined();
    const version = await get(t, '/api/9.9/users');
    expect(version.statusCode).toBe(501);
    const api = await get(t, '/api');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });

  it('leaves the API answers without the portal headers', async () => {
    const res = await get(t, '/api/1.2/ping');
    expect(res.json()).toEqual({ ping: 'pong' });
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
});

describe('a build without the portal', () => {
  it('answers / with a short 404 alert', async () => {
    const res = await get(bare, '/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ alerts: [{ text: PORTAL_NOT_BUILT, level: 'error' }] });
  });

  it('still serves the API and its not-found answers', async () => {
    expect((await get(bare, '/api/1.3/ping')).json()).toEqual({ ping: 'pong' });
    const res = await get(bare, '/origins');
    expect(res.statusCode).toBe(404);
    expect(res.json().alerts[0].text).toBe("The requested path '/origins' does not exist.");
  });
});

describe('isAppPath', () => {
  it('claims app routes and leaves the API, assets and files alone', () => {
    expect(isAppPath('/')).toBe(true);
    expect(isAppPath('/origins')).toBe(true);
    expect(isAppPath('/federations/2')).toBe(true);
    expect(isAppPath('/api')).toBe(false);
    expect(isAppPath('/api/1.2/users')).toBe(false);
    expect(isAppPath('/assets/app')).toBe(false);
    expect(isAppPath('/favicon.ico')).toBe(false);
    expect(isAppPath('/update/edge1')).toBe(false);
    expect(isAppPath('/ort/edge1/packages')).toBe(false);
    expect(isAppPath('/nonexistent')).toBe(false);
  });

  it("claims every screen of the portal's router, and no path its router calls not found", () => {
    for (const link of NAV_LINKS) expect(isAppPath(link.path), link.path).toBe(true);
    for (const section of PORTAL_SECTIONS) {
      expect(isAppPath(`/${section}`), section).toBe(true);
      expect(parseRoute(`/${section}`).name, section).not.toBe('notFound');
    }
    for (const path of [
      '/me',
      '/keys/ds1',
      '/profiles/7',
      '/federations/3',
      '/delivery-services/ds1',
      '/delivery-services/ds1/edit',
      '/delivery-services/new',
    ])
      expect(isAppPath(path), path).toBe(true);
  });
});
