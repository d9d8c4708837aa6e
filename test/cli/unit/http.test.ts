import { gzipSync } from 'node:zlib';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  BadResponse,
  Forbidden,
  NotLoggedIn,
  Unreachable,
  VersionNotServed,
} from '../../../shared/client/errors.js';
import { HttpClient } from '../../../shared/client/http.js';
import { listOrigins } from '../../../shared/client/origins.js';
import { login } from '../../../shared/client/session.js';
import { availableDeliveryServices, updateCurrentUser } from '../../../shared/client/users.js';

const BASE = 'https://to.example.test';
let agent: MockAgent;

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(() => agent.close());

const json = { headers: { 'content-type': 'application/json' } };
const client = (version: '1.1' | '1.2' | '1.3' = '1.3', cookie?: string) =>
  new HttpClient({ baseUrl: `${BASE}/`, version, cookie, dispatcher: agent });

describe('HttpClient over an injected dispatcher', () => {
  it('sends the cookie and query, and answers the envelope', async () => {
    agent
      .get(BASE)
      .intercept({
        path: '/api/1.3/origins?deliveryservice=3&primary=true',
        method: 'GET',
        headers: { cookie: 'mojolicious=s' },
      })
      .reply(200, { response: [{ id: 1, name: 'o' }] }, json);
    const result = await listOrigins(client('1.3', 'mojolicious=s'), {
      deliveryservice: 3,
      primary: true,
      name: undefined,
    });
    expect(result.response).toEqual([{ id: 1, name: 'o' }]);
  });

  it('returns the session cookie a login sets', async () => {
    agent
      .get(BASE)
      .intercept({ path: '/api/1.2/user/login', method: 'POST', body: JSON.stringify({ u: 'admin', p: 'pw' }) })
      .reply(
        200,
        { alerts: [{ level: 'success', text: 'Successfully logged in.' }] },
        {
          headers: {
            'content-type': 'application/json',
            'set-cookie': 'mojolicious=xyz; Path=/; Max-Age=60; HttpOnly',
          },
        },
      );
    const session = await login(client('1.2'), 'admin', 'pw');
    expect(session.cookie).toBe('mojolicious=xyz');
    expect(session.alerts).toEqual([{ level: 'success', text: 'Successfully logged in.' }]);
  });

  it('picks the path by version: PUT user/current at 1.2, POST user/current/update at 1.1, available.json at 1.1', async () => {
    const pool = agent.get(BASE);
    pool.intercept({ path: '/api/1.2/user/current', method: 'PUT' }).reply(200, { alerts: [] }, json);
    pool.intercept({ path: '/api/1.1/user/current/update', method: 'POST' }).reply(200, { alerts: [] }, json);
    pool
      .intercept({ path: '/api/1.1/user/5/deliveryservices/available.json', method: 'GET' })
      .reply(200, { response: [] }, json);
    await updateCurrentUser(client('1.2'), { city: 'x' });
    await updateCurrentUser(client('1.1'), { city: 'x' });
    await availableDeliveryServices(client('1.1'), 5);
    agent.assertNoPendingInterceptors();
  });

  it.each([
    [401, NotLoggedIn, 'CDNCTL_NOT_LOGGED_IN'],
    [403, Forbidden, 'CDNCTL_FORBIDDEN'],
    [404, ApiError, 'CDNCTL_API_ERROR'],
    [501, VersionNotServed, 'CDNCTL_VERSION_NOT_SERVED'],
  ])('maps status %i to %o with a stable code and the alert text', async (status, type, code) => {
    agent
      .get(BASE)
      .intercept({ path: '/api/1.3/origins', method: 'GET' })
      .reply(status, { alerts: [{ level: 'error', text: `text ${status}` }] }, json);
    const error = await listOrigins(client()).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(type);
    expect(error).toMatchObject({ code, status, message: `text ${status}` });
  });

  it('an answer that is not JSON is a BadResponse; a failed connection is Unreachable', async () => {
    agent
      .get(BASE)
      .intercept({ path: '/api/1.3/origins', method: 'GET' })
      .reply(502, '<html>bad gateway</html>', { headers: { 'content-type': 'text/html' } });
    await expect(listOrigins(client())).rejects.toBeInstanceOf(BadResponse);
    agent
      .get(BASE)
      .intercept({ path: '/api/1.3/origins', method: 'GET' })
      .replyWithError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const error = await listOrigins(client()).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(Unreachable);
    expect(error).toMatchObject({ code: 'CDNCTL_UNREACHABLE', message: `cannot reach ${BASE}: connection refused` });
  });

  it('asks for gzip and reads a gzipped answer; a damaged or unasked-for encoding is a BadResponse', async () => {
    const body = JSON.stringify({ response: [{ id: 1, name: 'zipped' }] });
    agent
      .get(BASE)
      .intercept({ path: '/api/1.3/origins', method: 'GET', headers: { 'accept-encoding': 'gzip' } })
      .reply(200, gzipSync(body), { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    expect((await listOrigins(client())).response).toEqual([{ id: 1, name: 'zipped' }]);

    agent
      .get(BASE)
      .intercept({ path: '/api/1.3/origins', method: 'GET' })
      .reply(200, Buffer.from('not gzip'), {
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      });
    await expect(listOrigins(client())).rejects.toThrow('damaged gzip body');
    agent
      .get(BASE)
      .intercept({ path: '/api/1.3/origins', method: 'GET' })
      .reply(200, body, { headers: { 'content-type': 'application/json', 'content-encoding': 'br' } });
    await expect(listOrigins(client())).rejects.toBeInstanceOf(BadResponse);
  });
});
