import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCHES_EVERYTHING_WARNING } from '../../../daemon/services/jobs/job-record.js';
import { jobsFixture, type FixtureUser, type JobsFixture } from './fixtures.js';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const DAY = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

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
const post = (version: string, body: unknown, user: FixtureUser = 'admin') =>
  f.t.app.inject({
    method: 'POST',
    url: `/api/${version}/user/current/jobs`,
    headers: { cookie: f.cookies[user] },
    payload: body as object,
  });
const validBody = (change: Record<string, unknown> = {}) => ({
  dsId: f.world.ds1,
  regex: '/images/.*\\.jpg',
  startTime: '2026-11-21 12:30:00',
  ttl: 24,
  ...change,
});

describe('POST user/current/jobs stores a purge', () => {
  it('at 1.3: answers as Traffic Ops did, the warning, its success text and an InvalidationJob (issue 34)', async () => {
    const before = f.jobCount();
    const res = await post('1.3', validBody({ regex: '/v1_3/.*\\.jpg' }));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { alerts: Alert[]; response: Record<string, unknown> };
    expect(body.alerts).toEqual([
      { level: 'warning', text: 'This endpoint is deprecated, please use the POST method /jobs instead' },
      { level: 'success', text: 'Invalidation Job creation was successful' },
    ]);
    expect(body.response).toMatchObject({
      assetUrl: 'http://ds1-origin.example.test/v1_3/.*\\.jpg',
      deliveryService: 'ds1',
      keyword: 'PURGE',
      parameters: 'TTL:24h',
    });
    expect(typeof body.response.id).toBe('number');
    expect(f.jobCount()).toBe(before + 1);
  });

  it.each(['1.1', '1.2'])('at %s: answers the success text and the created job in the seed shape', async (version) => {
    const before = f.jobCount();
    const regex = `/v${version.replace('.', '_')}/.*\\.jpg`;
    const res = await post(version, validBody({ regex }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const assetUrl = `http://ds1-origin.example.test${regex}`;
    const body = res.json() as { alerts: Alert[]; response: Record<string, unknown> };
    expect(body.alerts).toEqual([
      { level: 'success', text: `Invalidate content request submitted for ds1 [ ${assetUrl} - TTL:24h ]` },
    ]);
    expect(body.response).toEqual({
      id: expect.stringMatching(/^\d+$/),
      keyword: 'PURGE',
      objectName: null,
      assetUrl,
      assetType: 'file',
      status: 'PENDING',
      dsId: String(f.world.ds1),
      dsXmlId: 'ds1',
      username: 'admin',
      parameters: 'TTL:24h',
      enteredTime: '2026-11-21 12:00:00',
      objectType: null,
      agent: 'dummy',
      startTime: '2026-11-21 12:30:00',
    });
    expect(f.jobCount()).toBe(before + 1);
    const row = f.t.db.prepare('SELECT * FROM jobs WHERE id = ?').get(Number(body.response.id)) as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({
      keyword: 'PURGE',
      asset_url: assetUrl,
      asset_type: 'file',
      status: 'PENDING',
      ttl_hours: 24,
      agent: 'dummy',
      start_time: Date.parse('2026-11-21T12:30:00Z'),
      entered_time: NOW,
      user_id: f.userId('admin'),
      deliveryservice_id: f.world.ds1,
    });
  });

  it('accepts dsId as a numeric string and startTime in RFC 3339 and +00 forms', async () => {
    for (const startTime of ['2026-11-21T13:00:00Z', '2026-11-21 13:00:00+00']) {
      const res = await post('1.2', validBody({ dsId: String(f.world.ds3), startTime }));
      expect(res.statusCode).toBe(200);
      expect(res.json().response).toMatchObject({ dsXmlId: 'ds3', startTime: '2026-11-21 13:00:00' });
    }
  });

  it('builds the asset URL from the primary origin with its protocol and port', async () => {
    const res = await post('1.2', validBody({ dsId: f.world.dsPort, regex: '/live/.*' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().response.assetUrl).toBe('https://secure.example.test:8443/live/.*');
  });

  it('accepts a portal user (priv 15) and a user purging its own tenant', async () => {
    expect((await post('1.2', validBody(), 'portal_user')).statusCode).toBe(200);
    const res = await post('1.2', validBody({ dsId: f.world.ds2, regex: '/a/.*' }), 'tenanta_user');
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({
      dsXmlId: 'ds2',
      username: 'tenanta_user',
      assetUrl: 'http://ds2-origin.example.test/a/.*',
    });
  });

  it('accepts at 1.1 a start three days in the past', async () => {
    const res = await post('1.1', validBody({ startTime: iso(NOW - 3 * DAY) }));
    expect(res.statusCode).toBe(200);
    expect(res.json().response.startTime).toBe('2026-11-18 12:00:00');
  });

  it.each(['/.*', '/.+', '/(.*)', '/.*$', '/'])(
    'accepts the match-everything regex %s with a warning',
    async (regex) => {
      const res = await post('1.2', validBody({ regex }));
      expect(res.statusCode).toBe(200);
      const alerts = res.json().alerts as Alert[];
      expect(alerts.map((a) => a.level)).toEqual(['warning', 'success']);
      expect(alerts[0].text).toBe(MATCHES_EVERYTHING_WARNING);
    },
  );
});

describe('POST user/current/jobs refuses a bad request and stores nothing', () => {
  const past = () => iso(NOW - 3 * DAY);
  const ahead = () => iso(NOW + 3 * DAY);
  const cases: [string, string, () => Record<string, unknown>, FixtureUser, number, string][] = [
    ['ttl 0', '1.2', () => validBody({ ttl: 0 }), 'admin', 400, 'ttl: must be at least 1'],
    ['ttl above the maximum', '1.2', () => validBody({ ttl: 2161 }), 'admin', 400, 'ttl: cannot exceed 2160'],
    [
      'a start three days ago at 1.2',
      '1.2',
      () => validBody({ startTime: past() }),
      'admin',
      400,
      'startTime: cannot be more than two days in the past',
    ],
    [
      'a start three days ahead at 1.1',
      '1.1',
      () => validBody({ startTime: ahead() }),
      'admin',
      400,
      'startTime: must be within two days from now',
    ],
    [
      'a start three days ahead at 1.2',
      '1.2',
      () => validBody({ startTime: ahead() }),
      'admin',
      400,
      'startTime: must be within two days from now',
    ],
    [
      'a regex that does not compile',
      '1.2',
      () => validBody({ regex: '/foo([' }),
      'admin',
      400,
      'regex: is not a valid regular expression: missing terminating ] for character class',
    ],
    [
      'a regex without a leading slash',
      '1.2',
      () => validBody({ regex: 'foo.*' }),
      'admin',
      400,
      "regex: must start with '/'",
    ],
    ['an unknown dsId', '1.2', () => validBody({ dsId: 99999 }), 'admin', 404, 'No such Delivery Service!'],
    [
      'a delivery service of an invisible tenant',
      '1.2',
      () => validBody(),
      'tenanta_user',
      404,
      'No such Delivery Service!',
    ],
    [
      'a delivery service without a primary origin',
      '1.2',
      () => validBody({ dsId: f.world.dsNoOrigin }),
      'admin',
      400,
      'cannot invalidate content: requested delivery service has no origin',
    ],
    ['a read-only caller', '1.2', () => validBody(), 'ro_user', 403, 'Forbidden.'],
    [
      'missing fields',
      '1.2',
      () => ({}),
      'admin',
      400,
      'dsId: is required, regex: is required, startTime: is required, ttl: is required',
    ],
    [
      'several bad fields',
      '1.1',
      () => ({ dsId: 'x', regex: '/(', startTime: ahead(), ttl: 0 }),
      'admin',
      400,
      'dsId: must be a positive integer, regex: is not a valid regular expression: unterminated group, startTime: must be within two days from now, ttl: must be at least 1',
    ],
  ];

  it.each(cases)('%s', async (_name, version, body, user, status, text) => {
    const before = f.jobCount();
    const res = await post(version, body(), user);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ alerts: [{ level: 'error', text }] });
    expect(f.jobCount()).toBe(before);
  });

  // Beyond the seed's 1.1/1.2 the route answers as Traffic Ops' did: its deprecation warning before the error.
  it('refuses a start three days ago at 1.3, after the deprecation warning', async () => {
    const before = f.jobCount();
    const res = await post('1.3', validBody({ startTime: past() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      alerts: [
        { level: 'warning', text: 'This endpoint is deprecated, please use the POST method /jobs instead' },
        { level: 'error', text: 'startTime: cannot be more than two days in the past' },
      ],
    });
    expect(f.jobCount()).toBe(before);
  });

  it('answers 401 without a session', async () => {
    const before = f.jobCount();
    const res = await f.t.app.inject({ method: 'POST', url: '/api/1.2/user/current/jobs', payload: validBody() });
    expect(res.statusCode).toBe(401);
    expect(f.jobCount()).toBe(before);
  });

  it('answers 400 for an empty body, naming every required field', async () => {
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/api/1.2/user/current/jobs',
      headers: { cookie: f.cookies.admin, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().alerts[0].text).toBe(
      'dsId: is required, regex: is required, startTime: is required, ttl: is required',
    );
  });

  it("bounds ttl by the GLOBAL profile's maxRevalDurationDays", async () => {
    const param = f.t.db.prepare(
      "UPDATE parameters SET value = ? WHERE name = 'maxRevalDurationDays' AND config_file = 'regex_revalidate.config'",
    );
    param.run('10');
    try {
      const before = f.jobCount();
      const res = await post('1.2', validBody({ ttl: 241 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().alerts).toEqual([{ level: 'error', text: 'ttl: cannot exceed 240' }]);
      expect(f.jobCount()).toBe(before);
      expect((await post('1.2', validBody({ ttl: 240 }))).statusCode).toBe(200);
    } finally {
      param.run('90');
    }
  });
});
