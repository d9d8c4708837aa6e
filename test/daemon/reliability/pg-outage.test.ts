import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvalidationJobRecord } from '../../../shared/contract/go-jobs.js';
import { startPgCluster, type PgCluster } from '../../helpers/pg-cluster.js';
import { PASSWORDS } from '../security/fixture.js';
import {
  answersPing,
  call,
  loginOver,
  prepareDataDir,
  startChildDaemon,
  tempRoot,
  type ChildDaemon,
} from './child-daemon.js';

/**
 * A real daemon process on a real PostgreSQL cluster loses its database under a write load (issue 28, finding 3):
 * every session cut by pg_terminate_backend, then the server stopped as by a crash (`pg_ctl stop -m immediate`)
 * and started again. The daemon must stay up, answer 503 (alerts envelope, Retry-After) while the database is
 * away, come back by itself, and still hold every write it answered 200.
 */

const WRITERS = 4;
const DEADLINE_MS = 60_000;

let cluster: PgCluster;
let databaseUrl: string;
let root: string;
let daemon: ChildDaemon;
let cookie: string;
let died = false;

/** What the writers saw: acknowledged job ids, 503 answers, and anything else (which must stay empty). */
interface Seen {
  acked: number[];
  unavailable: { status: number; retryAfter: unknown; body: unknown }[];
  unexpected: string[];
}

const until = async (what: string, seen: Seen, ready: () => boolean) => {
  const deadline = Date.now() + DEADLINE_MS;
  while (!ready()) {
    if (died) throw new Error(`the daemon died while waiting for ${what}: ${daemon.output().slice(-2000)}`);
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; seen besides: ${seen.unexpected.slice(0, 3).join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Four purge writers (POST /api/1.4/jobs) until stop() is called; stop() resolves when all have returned. */
function writeLoad(label: string) {
  const agent = new Agent({ connections: WRITERS, headersTimeout: 30_000, bodyTimeout: 30_000 });
  const seen: Seen = { acked: [], unavailable: [], unexpected: [] };
  let stopping = false;
  const writer = async (w: number) => {
    for (let n = 0; !stopping; n++) {
      try {
        const res = await call(agent, `${daemon.url}/api/1.4/jobs`, {
          method: 'POST',
          cookie,
          body: {
            deliveryService: 'ds1',
            regex: `/outage/${label}/${w}/${n}`,
            startTime: Date.now() + 3_600_000,
            ttl: 1,
          },
          timeoutMs: 30_000,
        });
        if (res.status === 200) seen.acked.push(Number(res.json<{ response: InvalidationJobRecord }>().response.id));
        else if (res.status === 503) {
          seen.unavailable.push({ status: res.status, retryAfter: res.headers['retry-after'], body: res.json() });
          // What Retry-After asks of a client, shortened: do not hammer a daemon whose database is away.
          await new Promise((resolve) => setTimeout(resolve, 50));
        } else seen.unexpected.push(`${res.status} ${res.text.slice(0, 200)}`);
      } catch (err) {
        seen.unexpected.push(`request failed: ${(err as Error).message}`);
        if (died) return;
      }
    }
  };
  const running = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return {
    seen,
    async stop() {
      stopping = true;
      await running;
      await agent.close();
    },
  };
}

/** Ends every session of the daemon's database from outside, as an operator (or a failover) would. */
async function terminateSessions(): Promise<number> {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  try {
    const res = await admin.query(
      'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [new URL(databaseUrl).pathname.slice(1)],
    );
    return res.rows.filter((r: { ok: boolean }) => r.ok).length;
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  cluster = await startPgCluster({ durable: true });
  databaseUrl = await cluster.createDatabase('outage');
  root = tempRoot('pg-outage');
  await prepareDataDir(join(root, 'data'), databaseUrl);
  daemon = await startChildDaemon(join(root, 'data'), {
    serve: { logger: false },
    env: { CDNCTL_DATABASE_URL: databaseUrl },
  });
  void daemon.exited.then(() => {
    died = true;
  });
  const setup = new Agent();
  cookie = await loginOver(setup, daemon.url, 'admin', PASSWORDS.admin);
  await setup.close();
}, 120_000);

afterAll(async () => {
  await daemon?.kill();
  cluster?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

const acknowledged: number[] = [];

describe('a PostgreSQL-backed daemon whose database goes away during writes', () => {
  it(
    'survives every session being terminated three times under four writers, and keeps writing',
    { timeout: 180_000 },
    async () => {
      const load = writeLoad('terminate');
      let terminated = 0;
      for (let round = 0; round < 3; round++) {
        const before = load.seen.acked.length;
        await until(`writes before cut ${round}`, load.seen, () => load.seen.acked.length >= before + 10);
        terminated += await terminateSessions();
      }
      const cut = load.seen.acked.length;
      await until('writes after the last cut', load.seen, () => load.seen.acked.length >= cut + 20);
      await load.stop();
      acknowledged.push(...load.seen.acked);
      expect(terminated).toBeGreaterThan(0);
      expect(died, daemon.output().slice(-2000)).toBe(false);
      expect(load.seen.unexpected).toEqual([]);
      for (const refused of load.seen.unavailable) expectUnavailable(refused);
    },
  );

  it(
    'answers 503 with Retry-After while the server is down (immediate stop), recovers by itself once it is back',
    { timeout: 180_000 },
    async () => {
      const load = writeLoad('halt');
      await until('writes before the stop', load.seen, () => load.seen.acked.length >= 10);
      cluster.halt();
      const ackedWhenHalted = load.seen.acked.length;
      const refusedBefore = load.seen.unavailable.length;
      await until(
        '503 answers while the database is down',
        load.seen,
        () => load.seen.unavailable.length >= refusedBefore + 8,
      );
      // Nothing can be acknowledged without a database (a write in flight at the stop may still have answered).
      expect(load.seen.acked.length).toBeLessThanOrEqual(ackedWhenHalted + WRITERS);
      const readWhileDown = await call(new Agent(), `${daemon.url}/api/1.4/jobs`, { cookie });
      expect(readWhileDown.status).toBe(503);
      cluster.resume();
      const back = load.seen.acked.length;
      await until('writes after the restart', load.seen, () => load.seen.acked.length >= back + 20);
      await load.stop();
      acknowledged.push(...load.seen.acked);
      expect(died, daemon.output().slice(-2000)).toBe(false);
      expect(load.seen.unexpected).toEqual([]);
      expect(load.seen.unavailable.length).toBeGreaterThanOrEqual(8);
      for (const refused of load.seen.unavailable) expectUnavailable(refused);
      expect(await answersPing(daemon.url)).toBe(true);
    },
  );

  it('holds every write it acknowledged, in the database and through the API', async () => {
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const stored = new Set((await client.query<{ id: number }>('SELECT id FROM jobs')).rows.map((r) => Number(r.id)));
    await client.end();
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    const listed = await call(new Agent(), `${daemon.url}/api/1.4/jobs`, { cookie });
    expect(listed.status).toBe(200);
    const served = new Set(listed.json<{ response: InvalidationJobRecord[] }>().response.map((j) => j.id));
    expect(acknowledged.filter((id) => !served.has(id))).toEqual([]);
  });
});

function expectUnavailable(refused: Seen['unavailable'][number]): void {
  expect(refused.status).toBe(503);
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  expect(refused.body).toEqual({ alerts: [{ level: 'error', text: expect.any(String) }] });
}
