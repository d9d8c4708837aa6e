import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CDNCTL_VERSION } from '../../../daemon/services/package-version.js';
import { ADMIN_PASSWORD, login } from '../../helpers/app.js';
import { jobsFixture, type FixtureUser, type JobsFixture } from './fixtures.js';

const HOUR = 3600_000;
let f: JobsFixture;

const purge = async (body: Record<string, unknown>) => {
  const res = await f.t.app.inject({
    method: 'POST',
    url: '/api/1.2/user/current/jobs',
    headers: { cookie: f.cookies.admin },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`purge failed: ${res.body}`);
};
const configFile = (cdn: string, version = '1.2', user: FixtureUser = 'admin') =>
  f.t.app.inject({
    method: 'GET',
    url: `/api/${version}/cdns/${cdn}/configfiles/ats/regex_revalidate.config`,
    headers: { cookie: f.cookies[user] },
  });

beforeAll(async () => {
  f = await jobsFixture();
  // The clock stands at 2026-11-21T12:00:00Z.
  await purge({ dsId: f.world.ds1, regex: '/images/.*\\.jpg', startTime: '2026-11-21 12:00:00', ttl: 24 });
  await purge({ dsId: f.world.ds2, regex: '/css/.*', startTime: '2026-11-21T14:00:00Z', ttl: 48 });
  await purge({ dsId: f.world.ds3, regex: '/.*', startTime: '2026-11-20 12:00:00+00', ttl: 72 });
  await purge({ dsId: f.world.dsPort, regex: '/live/.*', startTime: '2026-11-21 12:00:00', ttl: 1 });
});
afterAll(async () => {
  await f.t.close();
});

describe('GET cdns/:name/configfiles/ats/regex_revalidate.config', () => {
  it.each(['1.1', '1.2', '1.3'])(
    'at %s answers the hand-written expected file for cdn1 as text/plain',
    async (version) => {
      const expected = readFileSync(
        new URL('./fixtures/cdn1.regex_revalidate.config', import.meta.url),
        'utf8',
      ).replace('{{version}}', CDNCTL_VERSION);
      const res = await configFile('cdn1', version);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe(expected);
    },
  );

  it("names cdnctl's version from package.json", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(CDNCTL_VERSION).toBe(pkg.version);
  });

  it("holds only the CDN's own delivery services, and just the header for a CDN without purges", async () => {
    const cdn2 = await configFile('cdn2');
    expect(cdn2.body.split('\n').slice(1)).toEqual(['https://secure.example.test:8443/live/.* 1795266000', '']);
    const all = await configFile('ALL');
    expect(all.statusCode).toBe(200);
    expect(all.body).toBe(
      `# DO NOT EDIT - Generated for CDN ALL by cdnctl ${CDNCTL_VERSION} on 2026-11-21T12:00:00Z\n`,
    );
  });

  it('drops a job once it has ended', async () => {
    f.t.clock.advance(25 * HOUR);
    try {
      // The fixture's sessions would idle out a day later: log in anew, leaving them untouched.
      const cookie = await login(f.t.app, 'admin', ADMIN_PASSWORD);
      const res = await f.t.app.inject({
        method: 'GET',
        url: '/api/1.2/cdns/cdn1/configfiles/ats/regex_revalidate.config',
        headers: { cookie },
      });
      expect(res.body.split('\n').slice(1)).toEqual([
        'http://ds2-origin.example.test/css/.* 1795442400',
        'http://ds3-origin.example.test/.* 1795435200',
        '',
      ]);
    } finally {
      f.t.clock.advance(-25 * HOUR);
    }
  });

  it('is readable by a read-only user and by a user of another tenant', async () => {
    expect((await configFile('cdn1', '1.2', 'ro_user')).statusCode).toBe(200);
    expect((await configFile('cdn1', '1.2', 'tenanta_user')).statusCode).toBe(200);
  });

  it('answers 404 CDN not found, as JSON alerts, for an unknown CDN', async () => {
    const res = await configFile('nosuchcdn');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ alerts: [{ level: 'error', text: 'CDN not found' }] });
  });

  it('answers 401 without a session and has no .json twin', async () => {
    const anonymous = await f.t.app.inject({
      method: 'GET',
      url: '/api/1.2/cdns/cdn1/configfiles/ats/regex_revalidate.config',
    });
    expect(anonymous.statusCode).toBe(401);
    const twin = await f.t.app.inject({
      method: 'GET',
      url: '/api/1.2/cdns/cdn1/configfiles/ats/regex_revalidate.config.json',
      headers: { cookie: f.cookies.admin },
    });
    expect(twin.statusCode).toBe(404);
  });
});
