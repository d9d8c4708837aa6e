import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION_NOT_IMPLEMENTED } from '../../daemon/http/errors.js';
import { ADMIN_PASSWORD, login, makeApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await makeApp();
  cookie = await login(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const request = (method: string, url: string, withCookie = true) =>
  t.app.inject({ method: method as 'GET', url, headers: withCookie ? { cookie } : {} });

describe('versions and paths', () => {
  it.each(['/api/1.0/users', '/api/1.6/users', '/api/1.9/users', '/api/2/users', '/api/9.9/ping', '/api/1.6'])(
    'answers 501 for an unserved version: %s',
    async (url) => {
      const res = await request('GET', url, false);
      expect(res.statusCode).toBe(501);
      expect(res.json()).toEqual({ alerts: [{ text: VERSION_NOT_IMPLEMENTED, level: 'error' }] });
    },
  );

  it.each([
    ['GET', '/api/1.2/nonexistent', '/api/1.2/nonexistent'],
    ['PATCH', '/api/1.2/user/current', '/api/1.2/user/current'],
    ['OPTIONS', '/api/1.2/user/current', '/api/1.2/user/current'],
    ['GET', '/api/1.2/user/logout', '/api/1.2/user/logout'],
    ['GET', '/api/1.2/nothing?x=1', '/api/1.2/nothing'],
  ])('answers 404 for %s %s', async (method, url, path) => {
    const res = await request(method, url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ alerts: [{ text: `The requested path '${path}' does not exist.`, level: 'error' }] });
  });

  it('serves a 1.1 route at every later version, with a .json suffix and a trailing slash', async () => {
    for (const url of [
      '/api/1.1/user/current',
      '/api/1.1/user/current.json',
      '/api/1.1/user/current/',
      '/api/1.2/user/current',
      '/api/1.3/user/current',
      '/api/1.3/user/current.json',
    ]) {
      const res = await request('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers ping without a session', async () => {
    for (const v of ['1.1', '1.2', '1.3']) {
      const res = await request('GET', `/api/${v}/ping`, false);
      expect(res.json()).toEqual({ ping: 'pong' });
    }
  });
});

describe('GET user/current', () => {
  it('answers the 1.1 shape without tenant fields, ids as digit strings', async () => {
    const body = (await request('GET', '/api/1.1/user/current')).json();
    const r = body.response;
    expect(r).not.toHaveProperty('tenant');
    expect(r).not.toHaveProperty('tenantId');
    expect(r).toMatchObject({
      username: 'admin',
      id: '1',
      role: '1',
      roleName: 'admin',
      localUser: true,
      newUser: false,
    });
    expect(typeof r.id).toBe('string');
    expect(r.lastUpdated).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('adds tenant (string) and tenantId (int) at 1.2 and 1.3', async () => {
    for (const v of ['1.2', '1.3']) {
      const r = (await request('GET', `/api/${v}/user/current`)).json().response;
      expect(r.tenant).toBe('root');
      expect(r.tenantId).toBe(1);
    }
  });

  it('never shows a password hash', async () => {
    const res = await request('GET', '/api/1.2/user/current');
    expect(res.body).not.toContain('SCRYPT');
    expect(res.body).not.toMatch(/passw/i);
  });
});
