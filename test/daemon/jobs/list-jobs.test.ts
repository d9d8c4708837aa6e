import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsFixture, type FixtureUser, type JobsFixture } from './fixtures.js';

let f: JobsFixture;
const created: Record<string, string> = {};

const post = async (body: Record<string, unknown>, user: FixtureUser = 'admin') => {
  const res = await f.t.app.inject({
    method: 'POST',
    url: '/api/1.2/user/current/jobs',
    headers: { cookie: f.cookies[user] },
    payload: { startTime: '2026-11-21 12:30:00', ttl: 24, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`purge failed: ${res.body}`);
  return res.json().response.id as string;
};
const list = (url: string, user: FixtureUser = 'admin') =>
  f.t.app.inject({ method: 'GET', url, headers: { cookie: f.cookies[user] } });

beforeAll(async () => {
  f = await jobsFixture();
  created.first = await post({ dsId: f.world.ds1, regex: '/first/.*' });
  f.t.clock.advance(60_000);
  created.second = await post({ dsId: f.world.ds2, regex: '/second/.*', ttl: 48 });
  f.t.clock.advance(60_000);
  created.third = await post({ dsId: f.world.ds3, regex: '/third/.*' });
  created.ops = await post({ dsId: f.world.ds1, regex: '/ops/.*' }, 'ops_user');
  created.tenanta = await post({ dsId: f.world.ds2, regex: '/tenanta/.*' }, 'tenanta_user');
});
afterAll(async () => {
  await f.t.close();
});

describe('GET user/current/jobs', () => {
  // 1.3 is beyond the seed's versions: Traffic Ops' UserInvalidationJob there, with its warning (issue 34).
  it("at 1.3 lists the caller's jobs in Traffic Ops' UserInvalidationJob, ids as numbers", async () => {
    const res = await list('/api/1.3/user/current/jobs');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { alerts: { level: string }[]; response: Record<string, unknown>[] };
    expect(body.alerts.map((a) => a.level)).toEqual(['warning']);
    expect(body.response.map((j) => String(j.id)).sort()).toEqual(
      [created.third, created.second, created.first].sort(),
    );
    const second = body.response.find((j) => String(j.id) === created.second)!;
    expect(second).toMatchObject({ id: Number(created.second), deliveryService: 'ds2', parameters: 'TTL:48h' });
    expect(typeof second.agent).toBe('number');
    expect(second).not.toHaveProperty('startTime');
  });

  it.each(['1.1', '1.2'])("at %s lists the caller's jobs newest first in the seed's Job shape", async (version) => {
    const res = await list(`/api/${version}/user/current/jobs`);
    expect(res.statusCode).toBe(200);
    const jobs = res.json().response as Record<string, unknown>[];
    expect(jobs.map((j) => j.id)).toEqual([created.third, created.second, created.first]);
    expect(jobs[1]).toEqual({
      id: created.second,
      keyword: 'PURGE',
      objectName: null,
      assetUrl: 'http://ds2-origin.example.test/second/.*',
      assetType: 'file',
      status: 'PENDING',
      dsId: String(f.world.ds2),
      dsXmlId: 'ds2',
      username: 'admin',
      parameters: 'TTL:48h',
      enteredTime: '2026-11-21 12:01:00',
      objectType: null,
      agent: 'dummy',
      startTime: '2026-11-21 12:30:00',
    });
  });

  it('answers at the .json path and filters by keyword', async () => {
    const purge = await list('/api/1.2/user/current/jobs.json?keyword=PURGE');
    expect(purge.statusCode).toBe(200);
    expect(purge.json().response.map((j: { id: string }) => j.id)).toEqual([
      created.third,
      created.second,
      created.first,
    ]);
    const other = await list('/api/1.1/user/current/jobs.json?keyword=OTHER');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ response: [] });
  });

  it('shows each user only their own jobs', async () => {
    const ops = await list('/api/1.2/user/current/jobs', 'ops_user');
    expect(ops.json().response.map((j: { id: string }) => j.id)).toEqual([created.ops]);
    const ro = await list('/api/1.2/user/current/jobs', 'ro_user');
    expect(ro.statusCode).toBe(200);
    expect(ro.json()).toEqual({ response: [] });
  });

  it('drops jobs on delivery services the caller can no longer see', async () => {
    const before = await list('/api/1.2/user/current/jobs', 'tenanta_user');
    expect(before.json().response.map((j: { id: string }) => j.id)).toEqual([created.tenanta]);
    const move = f.t.db.prepare('UPDATE deliveryservices SET tenant_id = ? WHERE id = ?');
    move.run(1, f.world.ds2);
    try {
      const after = await list('/api/1.2/user/current/jobs', 'tenanta_user');
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ response: [] });
    } finally {
      move.run(f.world.tenantA, f.world.ds2);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await f.t.app.inject({ method: 'GET', url: '/api/1.2/user/current/jobs' });
    expect(res.statusCode).toBe(401);
  });
});
