import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure, apiUrl, createApiClient } from '../../portal/src/api/client';
import type { Alert } from '../../portal/src/api/types';
import { ADMIN_PASSWORD, makeApp, type TestApp } from '../helpers/app.js';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch that records what the client sends and answers with the given status and body. */
function recordingFetch(status: number, body: unknown) {
  const sent: Sent[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, sent };
}

describe('the portal API client', () => {
  it('builds versioned URLs and leaves empty filters out', () => {
    expect(apiUrl('', '/origins', { deliveryservice: '3', tenant: '', primary: undefined, limit: 0 })).toBe(
      '/api/1.3/origins?deliveryservice=3&limit=0',
    );
    expect(apiUrl('https://cdn.example.test', '/roles')).toBe('https://cdn.example.test/api/1.3/roles');
  });

  it('reads users and profiles at the versions the seed fixes their shapes (issue 34)', () => {
    expect(apiUrl('', '/users')).toBe('/api/1.2/users');
    expect(apiUrl('', '/user/current')).toBe('/api/1.2/user/current');
    expect(apiUrl('', '/user/current/jobs')).toBe('/api/1.2/user/current/jobs');
    expect(apiUrl('', '/profiles')).toBe('/api/1.1/profiles');
    expect(apiUrl('', '/profiles/7')).toBe('/api/1.1/profiles/7');
    expect(apiUrl('', '/profiles/name/GLOBAL/parameters')).toBe('/api/1.3/profiles/name/GLOBAL/parameters');
  });

  it('sends the session cookie on reads without a body type', async () => {
    const { fetch, sent } = recordingFetch(200, { response: [{ id: 1 }] });
    const result = await createApiClient({ fetch }).get('/origins');
    expect(result).toEqual({ response: [{ id: 1 }], alerts: [] });
    expect(sent[0].init.method).toBe('GET');
    expect(sent[0].init.credentials).toBe('same-origin');
    expect(sent[0].init.headers).toEqual({ Accept: 'application/json' });
  });

  it('always says application/json on writes, with or without a body', async () => {
    const { fetch, sent } = recordingFetch(200, { alerts: [{ level: 'success', text: 'origin was deleted.' }] });
    const client = createApiClient({ fetch });
    await client.post('/user/login', { u: 'a', p: 'b' });
    await client.post('/user/logout');
    const deleted = await client.del('/origin', { id: 4 });
    expect(deleted.alerts).toEqual([{ level: 'success', text: 'origin was deleted.' }]);
    for (const { init } of sent)
      expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(sent[0].init.body).toBe('{"u":"a","p":"b"}');
    expect(sent[1].init.body).toBeUndefined();
    expect(sent[2].url).toBe('/api/1.3/origin?id=4');
    expect(sent[2].init.method).toBe('DELETE');
  });

  it('sends credentials to a separately hosted daemon', async () => {
    const { fetch, sent } = recordingFetch(200, { response: null });
    await createApiClient({ fetch, baseUrl: 'https://cdn.example.test' }).get('/ping');
    expect(sent[0].init.credentials).toBe('include');
  });

  it('turns an unreachable daemon into an error alert', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    const failure = await createApiClient({ fetch })
      .get('/ping')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).alerts).toEqual([
      { level: 'error', text: 'The daemon cannot be reached. Is it running?' },
    ]);
  });

  it('names the status when an error answer carries no JSON', async () => {
    const fetch = (async () =>
      new Response('<html>bad gateway</html>', { status: 502 })) as unknown as typeof globalThis.fetch;
    const failure = (await createApiClient({ fetch })
      .get('/ping')
      .catch((e: unknown) => e)) as ApiFailure;
    expect(failure.status).toBe(502);
    expect(failure.alerts).toEqual([{ level: 'error', text: 'The server answered 502 without JSON.' }]);
  });
});

describe('the portal API client against the daemon', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await makeApp();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  it("carries the API's alert texts out of a failed login", async () => {
    const client = createApiClient({ fetch: globalThis.fetch, baseUrl: base });
    const failure = (await client
      .post('/user/login', { u: 'admin', p: 'wrong-password' })
      .catch((e: unknown) => e)) as ApiFailure;
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure.status).toBe(401);
    expect(failure.alerts).toEqual([{ text: 'Invalid username or password.', level: 'error' }]);
  });

  it('logs in with the success alert as the API sent it', async () => {
    const client = createApiClient({ fetch: globalThis.fetch, baseUrl: base });
    const result = await client.post('/user/login', { u: 'admin', p: ADMIN_PASSWORD });
    expect(result.alerts).toEqual([{ text: 'Successfully logged in.', level: 'success' }]);
  });

  it('reports a lost session with the API alerts', async () => {
    const lost: Alert[][] = [];
    const client = createApiClient({
      fetch: globalThis.fetch,
      baseUrl: base,
      onUnauthorized: (alerts) => lost.push(alerts),
    });
    await expect(client.get('/user/current')).rejects.toBeInstanceOf(ApiFailure);
    expect(lost).toEqual([[{ text: 'Unauthorized, please log in.', level: 'error' }]]);
  });
});
