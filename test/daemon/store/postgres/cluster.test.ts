import pg from 'pg';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryServiceRecord } from '../../../../shared/contract/deliveryservices.js';
import type { JobRecord } from '../../../../shared/contract/jobs.js';
import type { OriginRecord } from '../../../../shared/contract/origins.js';
import { RESET_REQUESTS_PER_CLIENT } from '../../../../daemon/routes/password-reset.js';
import { startDaemonCluster, type DaemonCluster } from '../../../helpers/daemon-cluster.js';
import { call, loginOver, type HttpAnswer } from '../../reliability/child-daemon.js';
import { PASSWORDS } from '../../security/fixture.js';

/**
 * Two daemons on one PostgreSQL database behind HAProxy (round robin, health checks on /api/1.2/ping), all on
 * loopback: README "Running several daemons", run for real. HAProxy names the daemon that answered in
 * X-Served-By, so the test knows that both answered.
 */

let cluster: DaemonCluster;
let agent: Agent;
let cookie: string;
let dsId: number;

beforeAll(async () => {
  cluster = await startDaemonCluster(2);
  agent = new Agent({ connections: 8, headersTimeout: 30_000, bodyTimeout: 30_000 });
  cookie = await loginOver(agent, cluster.balancer.url, 'admin', PASSWORDS.admin);
  const ds = await call(agent, `${cluster.balancer.url}/api/1.3/deliveryservices?xmlId=ds1`, { cookie });
  if (ds.status !== 200) throw new Error(`GET deliveryservices answered ${ds.status}: ${ds.text}`);
  dsId = Number(ds.json<{ response: DeliveryServiceRecord[] }>().response[0].id);
}, 180_000);
afterAll(async () => {
  await agent?.close();
  await cluster?.stop();
});

const servedBy = (res: HttpAnswer) => String(res.headers['x-served-by'] ?? '');
const direct = (name: string) => cluster.daemons.get(name)!.url;

async function createOrigin(name: string): Promise<HttpAnswer> {
  return call(agent, `${cluster.balancer.url}/api/1.3/origins`, {
    method: 'POST',
    cookie,
    body: { name, fqdn: `${name}.example.test`, protocol: 'http', deliveryServiceId: dsId },
  });
}

describe('two daemons on one PostgreSQL behind HAProxy', () => {
  it('logs in through the balancer; an origin created through it is seen by twenty reads, whichever daemon answers', async () => {
    const created = await createOrigin('cluster-origin');
    expect(created.status, created.text).toBe(200);
    const id = Number(created.json<{ response: OriginRecord }>().response.id);
    const answered = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await call(agent, `${cluster.balancer.url}/api/1.3/origins?id=${id}`, { cookie });
      expect(res.status, res.text).toBe(200);
      expect(
        res.json<{ response: OriginRecord[] }>().response.map((o) => o.name),
        `read ${i} by ${servedBy(res)}`,
      ).toEqual(['cluster-origin']);
      answered.add(servedBy(res));
    }
    expect([...answered].sort()).toEqual(['d1', 'd2']);
  });

  it('a session made through the balancer works on both daemons, and logout on one ends it on both', async () => {
    const session = await loginOver(agent, cluster.balancer.url, 'admin', PASSWORDS.admin);
    for (const name of ['d1', 'd2']) {
      expect((await call(agent, `${direct(name)}/api/1.3/user/current`, { cookie: session })).status, name).toBe(200);
    }
    const out = await call(agent, `${direct('d1')}/api/1.3/user/logout`, { method: 'POST', cookie: session });
    expect(out.status, out.text).toBe(200);
    for (const name of ['d1', 'd2']) {
      expect((await call(agent, `${direct(name)}/api/1.3/user/current`, { cookie: session })).status, name).toBe(401);
    }
    expect((await call(agent, `${cluster.balancer.url}/api/1.3/user/current`, { cookie: session })).status).toBe(401);
  });

  it("URL-signing keys generated on one daemon are served by the other (the key store is the database's)", async () => {
    const made = await call(agent, `${direct('d1')}/api/1.3/deliveryservices/xmlId/ds1/urlkeys/generate`, {
      method: 'POST',
      cookie,
    });
    expect(made.status, made.text).toBe(200);
    const [one, two] = await Promise.all(
      ['d1', 'd2'].map((name) => call(agent, `${direct(name)}/api/1.3/deliveryservices/xmlId/ds1/urlkeys`, { cookie })),
    );
    expect(two.status, two.text).toBe(200);
    expect(Object.keys(two.json<{ response: object }>().response)).toHaveLength(16);
    expect(two.json()).toEqual(one.json());
  });

  it('counts password-reset requests of one client address across both daemons (20 per 15 minutes in all)', async () => {
    const answers: number[] = [];
    const served = new Set<string>();
    for (let i = 0; i <= RESET_REQUESTS_PER_CLIENT; i++) {
      const res = await call(agent, `${cluster.balancer.url}/api/1.3/user/reset_password`, {
        method: 'POST',
        body: { email: `nobody${i}@example.test` },
      });
      answers.push(res.status);
      served.add(servedBy(res));
    }
    expect([...served].sort(), 'both daemons took requests').toEqual(['d1', 'd2']);
    expect(
      answers.slice(0, RESET_REQUESTS_PER_CLIENT).every((s) => s === 200),
      answers.join(' '),
    ).toBe(true);
    expect(answers[RESET_REQUESTS_PER_CLIENT]).toBe(429);
  });

  it(
    'under a mixed write load, kill -9 of one daemon: the balancer keeps answering, no acknowledged write is lost, the daemon rejoins',
    { timeout: 120_000 },
    async () => {
      const load = await runLoadWithKill('d2');
      // Requests that were inside d2 when it died may fail (never acknowledged); once HAProxy saw it down, none.
      expect(load.failedAfterDown, 'requests refused after HAProxy took d2 out').toEqual([]);
      expect(load.okAfterDown, 'answers after d2 went down').toBeGreaterThan(10);
      const stored = await storedIds(cluster.databaseUrl);
      expect(
        [...load.origins].filter((id) => !stored.origins.has(id)),
        'acknowledged origins missing',
      ).toEqual([]);
      expect(
        [...load.jobs].filter((id) => !stored.jobs.has(id)),
        'acknowledged purges missing',
      ).toEqual([]);

      await cluster.restart('d2');
      await cluster.balancer.waitFor('d2', 'UP');
      const all = await call(agent, `${direct('d2')}/api/1.3/origins`, { cookie });
      const served = new Set(all.json<{ response: OriginRecord[] }>().response.map((o) => o.id));
      expect(
        [...load.origins].filter((id) => !served.has(id)),
        'origins the restarted daemon does not serve',
      ).toEqual([]);
      const answered = new Set<string>();
      for (let i = 0; i < 10; i++) {
        const res = await call(agent, `${cluster.balancer.url}/api/1.3/origins?id=${[...load.origins][0]}`, { cookie });
        expect(res.status).toBe(200);
        expect(res.json<{ response: unknown[] }>().response).toHaveLength(1);
        answered.add(servedBy(res));
      }
      expect(answered.has('d2'), 'the restarted daemon answers through the balancer again').toBe(true);
    },
  );
});

interface LoadResult {
  origins: Set<number>;
  jobs: Set<number>;
  failedAfterDown: string[];
  okAfterDown: number;
}

const WRITERS = 4;
const OPS_PER_WRITER = 45;
const KILL_AFTER_ACKS = 30;

/** Writers create origins, queue purges and read, through the balancer; `victim` is SIGKILLed mid-load. */
async function runLoadWithKill(victim: string): Promise<LoadResult> {
  const result: LoadResult = { origins: new Set(), jobs: new Set(), failedAfterDown: [], okAfterDown: 0 };
  let acks = 0;
  let down = false;
  let killing: Promise<void> | null = null;
  const kill = () => {
    killing ??= cluster
      .kill(victim)
      .then(() => cluster.balancer.waitFor(victim, 'DOWN'))
      .then(() => {
        down = true;
      });
  };
  const url = cluster.balancer.url;
  const one = async (w: number, n: number): Promise<HttpAnswer> => {
    if (n % 3 === 0) return createOrigin(`load-${w}-${n}`);
    if (n % 3 === 1) {
      return call(agent, `${url}/api/1.3/user/current/jobs`, {
        method: 'POST',
        cookie,
        body: { dsId, regex: `/load/${w}/${n}`, startTime: new Date().toISOString(), ttl: 1 },
      });
    }
    return call(agent, `${url}/api/1.3/origins?orderby=id`, { cookie });
  };
  const writer = async (w: number) => {
    // Bounded: OPS_PER_WRITER operations, and on until ten were answered after HAProxy took the victim out.
    let afterDown = 0;
    for (let n = 0; n < 1000 && (n < OPS_PER_WRITER || afterDown < 10); n++) {
      const wasDown = down;
      if (wasDown) afterDown++;
      let res: HttpAnswer | null = null;
      try {
        res = await one(w, n);
      } catch (err) {
        if (wasDown) result.failedAfterDown.push(`writer ${w} op ${n}: ${(err as Error).message}`);
        continue;
      }
      if (res.status !== 200) {
        if (wasDown) result.failedAfterDown.push(`writer ${w} op ${n}: ${res.status} ${res.text.slice(0, 200)}`);
        continue;
      }
      if (wasDown) result.okAfterDown++;
      if (n % 3 === 0) result.origins.add(Number(res.json<{ response: OriginRecord }>().response.id));
      if (n % 3 === 1) result.jobs.add(Number(res.json<{ response: JobRecord }>().response.id));
      if (n % 3 !== 2 && ++acks === KILL_AFTER_ACKS) kill();
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  await killing;
  return result;
}

/** The ids in the database itself, read with a connection of the test's own. */
async function storedIds(url: string): Promise<{ origins: Set<number>; jobs: Set<number> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const origins = await client.query<{ id: number }>('SELECT id FROM origins');
    const jobs = await client.query<{ id: number }>('SELECT id FROM jobs');
    return { origins: new Set(origins.rows.map((r) => r.id)), jobs: new Set(jobs.rows.map((r) => r.id)) };
  } finally {
    await client.end();
  }
}
