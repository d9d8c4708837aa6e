import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure, createApiClient } from '../../portal/src/api/client';
import { fetchJobs } from '../../portal/src/api/jobs';
import { jobEnd, jobState, newestFirst, normalizeJob } from '../../portal/src/lib/jobs';
import { fieldErrorsFromAlerts, withoutField } from '../../portal/src/lib/field-errors';
import { ADMIN_PASSWORD, login, makeApp, type TestApp } from '../helpers/app.js';

/** A fetch that answers each path (without the /api/1.3 prefix and query) from a table, 404 otherwise. */
function routedFetch(routes: Record<string, { status: number; body: unknown }>) {
  const asked: string[] = [];
  const fetch = (async (url: string) => {
    // Any version: the portal reads the user's own jobs at the seed's 1.2 (issue 34), the rest at 1.3.
    const path = new URL(url, 'http://portal.test').pathname.replace(/^\/api\/1\.[23]/, '');
    asked.push(path);
    const answer = routes[path] ?? {
      status: 404,
      body: { alerts: [{ level: 'error', text: `path not found: ${path}` }] },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, asked };
}

const SEED_JOB = {
  id: '5',
  keyword: 'PURGE',
  objectName: null,
  assetUrl: 'http://ds1-origin.example.test/img/.*',
  assetType: 'file',
  status: 'PENDING',
  dsId: '1',
  dsXmlId: 'ds1',
  username: 'admin',
  parameters: 'TTL:24h',
  enteredTime: '2026-11-21 10:00:00',
  objectType: null,
  agent: 'dummy',
  startTime: '2026-11-21 10:00:00',
};
const GO_JOB = {
  assetUrl: 'http://ds2-origin.example.test/a/.*',
  createdBy: 'ops_user',
  deliveryService: 'ds2',
  id: 9,
  keyword: 'PURGE',
  parameters: 'TTL:48h',
  startTime: '2026-11-21 11:00:00+00',
};

describe("jobs in any of the API's shapes", () => {
  it("reads the seed shape, Traffic Ops' GET jobs shape and its user/current/jobs shape alike", () => {
    expect(normalizeJob(SEED_JOB)).toEqual({
      id: '5',
      keyword: 'PURGE',
      dsXmlId: 'ds1',
      username: 'admin',
      assetUrl: SEED_JOB.assetUrl,
      parameters: 'TTL:24h',
      startTime: '2026-11-21 10:00:00',
      enteredTime: '2026-11-21 10:00:00',
      status: 'PENDING',
    });
    expect(normalizeJob(GO_JOB)).toMatchObject({
      id: '9',
      dsXmlId: 'ds2',
      username: 'ops_user',
      startTime: '2026-11-21 11:00:00+00',
      status: null,
    });
    const userJob = normalizeJob({
      agent: 1,
      assetUrl: 'http://x.test/a',
      assetType: 'file',
      deliveryService: 'ds3',
      enteredTime: '2026-11-20 09:00:00+00',
      id: 3,
      keyword: 'PURGE',
      parameters: 'TTL:1h',
      username: 'ro',
    });
    expect(userJob).toMatchObject({ dsXmlId: 'ds3', username: 'ro', startTime: null });
    expect(jobState(userJob, Date.now())).toEqual({ state: 'unknown', text: 'unknown' });
  });

  it('computes when a job ends and orders the newest first', () => {
    const a = normalizeJob(SEED_JOB);
    const b = normalizeJob(GO_JOB);
    expect(jobEnd(a)).toBe(Date.parse('2026-11-22T10:00:00Z'));
    expect(jobEnd(b)).toBe(Date.parse('2026-11-23T11:00:00Z'));
    expect(newestFirst([a, b]).map((j) => j.id)).toEqual(['9', '5']);
  });
});

describe("everyone's jobs, or the user's own", () => {
  it('takes GET jobs when the daemon has it', async () => {
    const { fetch, asked } = routedFetch({
      '/jobs': { status: 200, body: { response: [SEED_JOB, GO_JOB, { ...GO_JOB, id: 10, keyword: 'OTHER' }] } },
    });
    const result = await fetchJobs(createApiClient({ fetch }));
    expect(result.response.scope).toBe('all');
    expect(result.response.jobs.map((j) => j.id)).toEqual(['9', '5']);
    expect(asked).toEqual(['/jobs']);
  });

  it('falls back to user/current/jobs when GET jobs answers 404', async () => {
    const { fetch, asked } = routedFetch({ '/user/current/jobs': { status: 200, body: { response: [SEED_JOB] } } });
    const result = await fetchJobs(createApiClient({ fetch }));
    expect(result.response).toEqual({ scope: 'mine', jobs: [normalizeJob(SEED_JOB)] });
    expect(asked).toEqual(['/jobs', '/user/current/jobs']);
  });

  it('does not fall back on any other failure', async () => {
    const { fetch, asked } = routedFetch({
      '/jobs': { status: 403, body: { alerts: [{ level: 'error', text: 'Forbidden' }] } },
    });
    const failure = await fetchJobs(createApiClient({ fetch })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).status).toBe(403);
    expect(asked).toEqual(['/jobs']);
  });

  describe('against the daemon', () => {
    let t: TestApp;
    let base: string;
    beforeAll(async () => {
      t = await makeApp();
      base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      await t.close();
    });

    it("lists everyone's jobs where GET jobs exists and the caller's own where it answers 404", async () => {
      const cookie = await login(t.app, 'admin', ADMIN_PASSWORD);
      const fetch = ((url: string, init: RequestInit) =>
        globalThis.fetch(url, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), cookie },
        })) as typeof globalThis.fetch;
      const probe = await globalThis.fetch(`${base}/api/1.3/jobs`, { headers: { cookie } });
      const result = await fetchJobs(createApiClient({ fetch, baseUrl: base }));
      expect(result.response.scope).toBe(probe.status === 404 ? 'mine' : 'all');
      expect(Array.isArray(result.response.jobs)).toBe(true);
    });
  });
});

describe('API errors at their fields', () => {
  it('splits a joined validation alert into fields and keeps the rest', () => {
    const split = fieldErrorsFromAlerts(
      [
        { level: 'warning', text: 'deprecated' },
        {
          level: 'error',
          text: 'regex: is not a valid regular expression: missing ), unterminated subpattern, ttl: cannot exceed 2160, dsId: must be a positive integer',
        },
        { level: 'error', text: 'cannot invalidate content: requested delivery service has no origin' },
      ],
      ['regex', 'ttl', 'startTime', 'dsId'],
    );
    expect(split.fields).toEqual({
      regex: 'is not a valid regular expression: missing ), unterminated subpattern',
      ttl: 'cannot exceed 2160',
      dsId: 'must be a positive integer',
    });
    expect(split.rest).toEqual([
      { level: 'warning', text: 'deprecated' },
      { level: 'error', text: 'cannot invalidate content: requested delivery service has no origin' },
    ]);
  });

  it("reads the origins' quoted keys and maps API names to form names", () => {
    const split = fieldErrorsFromAlerts(
      [{ level: 'error', text: "'deliveryServiceId' is required, 'fqdn' must be a valid DNS name" }],
      ['deliveryService', 'fqdn'],
      { deliveryServiceId: 'deliveryService' },
    );
    expect(split).toEqual({ fields: { deliveryService: 'is required', fqdn: 'must be a valid DNS name' }, rest: [] });
    expect(withoutField("'port' must be a valid integer between 1 and 65535")).toBe(
      'must be a valid integer between 1 and 65535',
    );
    expect(withoutField('ttl: must be at least 1')).toBe('must be at least 1');
  });
});
