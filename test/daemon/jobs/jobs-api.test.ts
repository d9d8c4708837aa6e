import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsFixture, type FixtureUser, type JobsFixture } from './fixtures.js';

/** The /jobs API of Traffic Ops' Go server (reference/traffic-ops-1.4-1.5-types.md §5): CRUD, tenancy, roles. */

const NOW = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 3600_000;

let f: JobsFixture;
beforeAll(async () => {
  f = await jobsFixture();
});
afterAll(async () => {
  await f.t.close();
});

interface Alert {
  text: string;
  level: string;
}
type Rec = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: FixtureUser = 'admin', body?: unknown) =>
  f.t.app.inject({
    method,
    url,
    headers: { cookie: f.cookies[user], host: 'cdn.example.test:8443' },
    ...(body === undefined ? {} : { payload: body as object }),
  });
const alertsOf = (res: { json(): unknown }) => (res.json() as { alerts: Alert[] }).alerts;
const JOB_KEYS = ['assetUrl', 'createdBy', 'deliveryService', 'id', 'keyword', 'parameters', 'startTime'];

async function createJob(change: Rec = {}, user: FixtureUser = 'admin', version = '1.5') {
  const body = {
    deliveryService: 'ds1',
    regex: `/p${Math.random().toString(36).slice(2, 8)}/.*`,
    startTime: '2026-11-21 13:00:00',
    ttl: 24,
    ...change,
  };
  return call('POST', `/api/${version}/jobs`, user, body);
}

describe('POST jobs (1.4+)', () => {
  it.each(['1.4', '1.5'])(
    'at %s creates a job: 200, Location at 1.4, the Go texts and record, a trailing newline',
    async (v) => {
      const res = await createJob({ regex: `/v${v}/.*\\.png` }, 'admin', v);
      expect(res.statusCode).toBe(200);
      expect(res.body.endsWith('}\n')).toBe(true);
      const body = res.json() as { alerts: Alert[]; response: Rec };
      expect(Object.keys(body.response)).toEqual(JOB_KEYS);
      expect(body.response).toMatchObject({
        assetUrl: `http://ds1-origin.example.test/v${v}/.*\\.png`,
        createdBy: 'admin',
        deliveryService: 'ds1',
        keyword: 'PURGE',
        parameters: 'TTL:24h',
        startTime: '2026-11-21 13:00:00+00',
      });
      expect(typeof body.response.id).toBe('number');
      expect(res.headers.location).toBe(`http://cdn.example.test:8443/api/1.4/jobs?id=${body.response.id}`);
      expect(body.alerts).toEqual([
        {
          text: `Invalidation request created for http://ds1-origin.example.test/v${v}/.*\\.png, start:2026-11-21 13:00:00 +0000 UTC end 2026-11-22 13:00:00 +0000 UTC`,
          level: 'success',
        },
      ]);
    },
  );

  it('takes the delivery service by id, ttl as a fraction or a duration string, startTime as milliseconds', async () => {
    const res = await createJob({ deliveryService: f.world.ds3, ttl: '121m', startTime: NOW + HOUR });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { response: Rec }).response).toMatchObject({
      deliveryService: 'ds3',
      parameters: 'TTL:2h',
      startTime: '2026-11-21 13:00:00+00',
    });
    const fraction = await createJob({ ttl: 2.9 });
    expect((fraction.json() as { response: Rec }).response.parameters).toBe('TTL:2h');
  });

  it('warns about each overlapping job of the same asset', async () => {
    const regex = '/overlap/.*';
    await createJob({ regex });
    const res = await createJob({ regex, startTime: '2026-11-21 14:00:00' });
    expect(alertsOf(res).map((a) => a.level)).toEqual(['warning', 'success']);
    expect(alertsOf(res)[0].text).toBe(
      'Invalidation request duplicate found for http://ds1-origin.example.test/overlap/.*, start:2026-11-21 13:00:00 +0000 UTC end:2026-11-22 13:00:00 +0000 UTC',
    );
  });

  it.each([
    [{}, 'deliveryService: cannot be blank; regex: cannot be blank; ttl: cannot be blank., startTime: cannot be blank'],
    [
      { deliveryService: 'ds1', regex: '/a', ttl: 1, startTime: '2026-11-21 11:00:00' },
      'startTime: must be in the future',
    ],
    [
      { deliveryService: 'ds1', regex: '/a', ttl: 'soon', startTime: '2026-11-21 13:00:00' },
      "ttl: must be a number of hours, or a duration string e.g. '48h'",
    ],
    [{ deliveryService: 'ds1', regex: '/a', ttl: 5000, startTime: '2026-11-21 13:00:00' }, 'ttl: cannot exceed 2160!'],
    [
      { deliveryService: 'nope', regex: '/a', ttl: 1, startTime: '2026-11-21 13:00:00' },
      'No DeliveryService exists matching identifier: nope',
    ],
    [
      { deliveryService: 9999, regex: '/a', ttl: 1, startTime: '2026-11-21 13:00:00' },
      'No Delivery Service exists matching identifier: 9999',
    ],
    [{ deliveryService: 'ds1', regex: 'a', ttl: 1, startTime: '2026-11-21 13:00:00' }, "regex: must start with '/'"],
  ])('refuses %j with 400: %s', async (body, text) => {
    const before = f.jobCount();
    const res = await call('POST', '/api/1.5/jobs', 'admin', body);
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res)).toEqual([{ text, level: 'error' }]);
    expect(f.jobCount()).toBe(before);
  });

  it('accepts a regex starting with \\/ as Traffic Ops did', async () => {
    expect((await createJob({ regex: '\\/escaped/.*' })).statusCode).toBe(200);
  });

  it('refuses a body of the wrong JSON types: Unable to parse Invalidation Job', async () => {
    for (const body of [[1], { regex: 5 }, { deliveryService: true }, { startTime: 'tomorrow' }]) {
      const res = await call('POST', '/api/1.4/jobs', 'admin', body);
      expect(res.statusCode).toBe(400);
      expect(alertsOf(res)).toEqual([{ text: 'Unable to parse Invalidation Job', level: 'error' }]);
    }
  });

  it('answers 404 No such Delivery Service! for a delivery service outside the caller’s tenancy, storing nothing', async () => {
    const before = f.jobCount();
    const res = await createJob({ deliveryService: 'ds1' }, 'tenanta_user');
    expect(res.statusCode).toBe(404);
    expect(alertsOf(res)).toEqual([{ text: 'No such Delivery Service!', level: 'error' }]);
    expect(f.jobCount()).toBe(before);
    expect((await createJob({ deliveryService: 'ds2' }, 'tenanta_user')).statusCode).toBe(200);
  });

  it('needs the portal level: read-only is refused, portal may', async () => {
    expect((await createJob({}, 'ro_user')).statusCode).toBe(403);
    expect((await createJob({}, 'portal_user')).statusCode).toBe(200);
  });

  it('is not served below 1.4', async () => {
    expect((await createJob({}, 'admin', '1.3')).statusCode).toBe(404);
  });
});

describe('GET jobs (1.1+)', () => {
  it.each(['1.1', '1.3', '1.5'])('at %s lists visible jobs in the Go record, with filters', async (v) => {
    const created = (await createJob({ deliveryService: 'ds3', regex: `/list${v}/.*` })).json() as { response: Rec };
    const res = await call('GET', `/api/${v}/jobs?id=${created.response.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ response: [created.response] });
    const byDs = (await call('GET', `/api/${v}/jobs?deliveryService=ds3&createdBy=admin`)).json() as {
      response: Rec[];
    };
    expect(byDs.response.length).toBeGreaterThan(0);
    for (const job of byDs.response) expect(job).toMatchObject({ deliveryService: 'ds3', createdBy: 'admin' });
    const byDsId = (
      await call('GET', `/api/${v}/jobs?dsId=${f.world.ds3}&userId=${f.userId('admin')}&keyword=PURGE`)
    ).json() as { response: Rec[] };
    expect(byDsId.response.map((j) => j.id)).toEqual(byDs.response.map((j) => j.id));
    const byTime = (
      await call(
        'GET',
        `/api/${v}/jobs?startTime=${encodeURIComponent('2026-11-21 13:00:00')}&assetUrl=${encodeURIComponent(String(created.response.assetUrl))}`,
      )
    ).json() as { response: Rec[] };
    expect(byTime.response.map((j) => j.id)).toEqual([created.response.id]);
  });

  it('drops the jobs of delivery services outside the caller’s tenancy', async () => {
    const list = (await call('GET', '/api/1.5/jobs', 'tenanta_user')).json() as { response: Rec[] };
    expect(list.response.length).toBeGreaterThan(0);
    for (const job of list.response) expect(job.deliveryService).toBe('ds2');
    const all = (await call('GET', '/api/1.5/jobs?deliveryService=ds1', 'tenanta_user')).json();
    expect(all).toEqual({ response: [] });
  });

  it('answers 400 for a non-integer id filter', async () => {
    const res = await call('GET', '/api/1.5/jobs?id=x');
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res)).toEqual([{ text: 'id cannot parse to integer', level: 'error' }]);
  });

  it('GET jobs/:id answers the job with its deprecation warning, [] when invisible', async () => {
    const created = (await createJob()).json() as { response: Rec };
    const res = await call('GET', `/api/1.2/jobs/${created.response.id}`);
    expect(res.json()).toEqual({
      alerts: [
        { text: "This endpoint is deprecated, please use GET /jobs with the 'id' parameter instead", level: 'warning' },
      ],
      response: [created.response],
    });
    const hidden = (await call('GET', `/api/1.5/jobs/${created.response.id}`, 'tenanta_user')).json() as {
      response: unknown[];
    };
    expect(hidden.response).toEqual([]);
  });
});

describe('PUT jobs?id= (1.4+)', () => {
  it('changes a job that has not started, answering the Go texts; locked fields are 409', async () => {
    const job = (
      (await createJob({ regex: '/put/.*', startTime: '2026-11-21 15:00:00', ttl: 48 })).json() as { response: Rec }
    ).response;
    const url = `/api/1.5/jobs?id=${job.id}`;
    const res = await call('PUT', url, 'admin', { ...job, parameters: 'TTL:2h', startTime: '2026-11-21 16:00:00+00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      alerts: [
        {
          text: 'Invalidation request created for http://ds1-origin.example.test/put/.*, start:2026-11-21 16:00:00 +0000 UTC end 2026-11-21 18:00:00 +0000 UTC',
          level: 'success',
        },
      ],
      response: { ...job, parameters: 'TTL:2h', startTime: '2026-11-21 16:00:00+00' },
    });
    for (const [change, text] of [
      [{ id: Number(job.id) + 1000 }, "Cannot change an invalidation job 'id'!"],
      [{ deliveryService: 'ds3' }, "Cannot change 'deliveryService' of existing invalidation job!"],
      [{ createdBy: 'ops_user' }, "Cannot change 'createdBy' of existing invalidation jobs!"],
    ] as const) {
      const refused = await call('PUT', url, 'admin', { ...job, ...change });
      expect(refused.statusCode).toBe(409);
      expect(alertsOf(refused)).toEqual([{ text, level: 'error' }]);
    }
  });

  it('refuses an asset URL outside the origin, and a start beyond two days', async () => {
    const job = ((await createJob({ startTime: '2026-11-21 15:00:00' })).json() as { response: Rec }).response;
    const res = await call('PUT', `/api/1.5/jobs?id=${job.id}`, 'admin', {
      ...job,
      assetUrl: 'http://elsewhere.example.test/x',
      startTime: '2026-11-25 12:00:00',
    });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res)[0].text).toMatch(/^assetUrl: .*, startTime: must be within two days from now$/);
  });

  it('answers 405 with Allow for a job that has started, and 404 for an unknown or invisible one', async () => {
    const job = ((await createJob({ startTime: '2026-11-21 12:30:00' })).json() as { response: Rec }).response;
    f.t.clock.advance(45 * 60_000);
    try {
      const started = await call('PUT', `/api/1.4/jobs?id=${job.id}`, 'admin', job);
      expect(started.statusCode).toBe(405);
      expect(started.headers.allow).toBe('GET,HEAD,DELETE');
      expect(alertsOf(started)).toEqual([{ text: 'Cannot modify a job that has already started!', level: 'error' }]);
    } finally {
      f.t.clock.set(NOW);
    }
    expect(alertsOf(await call('PUT', '/api/1.4/jobs?id=987654', 'admin', job))).toEqual([
      { text: "No job by id '987654'!", level: 'error' },
    ]);
    expect((await call('PUT', `/api/1.4/jobs?id=${job.id}`, 'tenanta_user', job)).statusCode).toBe(404);
  });
});

describe('DELETE jobs?id= (1.4+)', () => {
  it('deletes a visible job and answers it; tenancy and the id checks', async () => {
    const job = ((await createJob()).json() as { response: Rec }).response;
    expect((await call('DELETE', `/api/1.5/jobs?id=${job.id}`, 'tenanta_user')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/1.5/jobs?id=${job.id}`, 'ro_user')).statusCode).toBe(403);
    const res = await call('DELETE', `/api/1.5/jobs?id=${job.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      `${JSON.stringify({ alerts: [{ text: 'Content invalidation job was deleted', level: 'success' }], response: job })}\n`,
    );
    expect(alertsOf(await call('DELETE', `/api/1.5/jobs?id=${job.id}`))).toEqual([
      { text: `No job by id '${job.id}'!`, level: 'error' },
    ]);
    expect(alertsOf(await call('DELETE', '/api/1.5/jobs'))).toEqual([
      { text: 'required parameters missing: missing required parameters: id', level: 'error' },
    ]);
    expect(alertsOf(await call('DELETE', '/api/1.5/jobs?id=abc'))).toEqual([
      { text: "getting integer parameters: parameter 'id' not an integer", level: 'error' },
    ]);
  });
});

describe('regex_revalidate.config follows /jobs at once', () => {
  const config = async () => (await call('GET', '/api/1.3/cdns/cdn1/configfiles/ats/regex_revalidate.config')).body;

  it('a job deleted or shortened leaves or changes its line on the next read, although the file is cached', async () => {
    const job = (
      (await createJob({ regex: '/reval/.*', startTime: '2026-11-21 15:00:00', ttl: 48 })).json() as { response: Rec }
    ).response;
    const line = (hours: number) => `${job.assetUrl} ${(Date.parse('2026-11-21T15:00:00Z') + hours * HOUR) / 1000}`;
    expect(await config()).toContain(line(48));
    expect(await config()).toContain(line(48));
    await call('PUT', `/api/1.5/jobs?id=${job.id}`, 'admin', { ...job, parameters: 'TTL:3h' });
    const shortened = await config();
    expect(shortened).toContain(line(3));
    expect(shortened).not.toContain(line(48));
    await call('DELETE', `/api/1.5/jobs?id=${job.id}`);
    expect(await config()).not.toContain(String(job.assetUrl));
  });
});

describe('user/current/jobs from 1.4: the Go server answers', () => {
  const DEPRECATED_POST = {
    text: 'This endpoint is deprecated, please use the POST method /jobs instead',
    level: 'warning',
  };

  it('POST answers the deprecation warning, the creation text, the InvalidationJob and the Location', async () => {
    const res = await call('POST', '/api/1.5/user/current/jobs', 'admin', {
      dsId: f.world.ds1,
      regex: '/ucj/.*',
      startTime: '2026-11-21 13:00:00',
      ttl: 5,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { alerts: Alert[]; response: Rec };
    expect(body.alerts).toEqual([
      DEPRECATED_POST,
      { text: 'Invalidation Job creation was successful', level: 'success' },
    ]);
    expect(Object.keys(body.response)).toEqual(JOB_KEYS);
    expect(res.headers.location).toBe(`http://cdn.example.test:8443/api/1.4/jobs?id=${body.response.id}`);
  });

  it('POST errors keep the deprecation warning first', async () => {
    const res = await call('POST', '/api/1.4/user/current/jobs', 'tenanta_user', {
      dsId: f.world.ds1,
      regex: '/x',
      startTime: '2026-11-21 13:00:00',
      ttl: 5,
    });
    expect(res.statusCode).toBe(404);
    expect(alertsOf(res)).toEqual([DEPRECATED_POST, { text: 'No such Delivery Service!', level: 'error' }]);
  });

  it('GET answers UserInvalidationJob records with their deprecation warning, ignoring query parameters', async () => {
    const res = await call('GET', '/api/1.5/user/current/jobs?keyword=NOPE');
    const body = res.json() as { alerts: Alert[]; response: Rec[] };
    expect(body.alerts).toEqual([
      {
        text: "This endpoint is deprecated, please use the 'userId' or 'createdBy' query parameters of a GET request to /jobs instead",
        level: 'warning',
      },
    ]);
    expect(body.response.length).toBeGreaterThan(0);
    expect(Object.keys(body.response[0])).toEqual([
      'agent',
      'assetUrl',
      'assetType',
      'deliveryService',
      'enteredTime',
      'id',
      'keyword',
      'objectName',
      'objectType',
      'parameters',
      'username',
    ]);
    expect(body.response[0]).toMatchObject({ agent: 1, assetType: 'file', username: 'admin' });
  });
});
