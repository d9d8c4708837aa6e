import { randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Agent } from 'undici';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryServiceRecord } from '../../../shared/contract/deliveryservices.js';
import type { JobRecord } from '../../../shared/contract/jobs.js';
import type { OriginRecord } from '../../../shared/contract/origins.js';
import { dataFiles } from '../../../shared/paths.js';
import { eachStore, freshDatabaseUrl, type StoreKind } from '../../helpers/store-kinds.js';
import { PASSWORDS } from '../security/fixture.js';
import { call, loginOver, prepareDataDir, startChildDaemon, tempRoot, type ChildDaemon } from './child-daemon.js';

/**
 * A real daemon process under a write load (origins and purge jobs from several clients at once) is killed with
 * SIGKILL twenty times, each time after a random number of acknowledged writes, with more writes in flight.
 * After every kill the database passes `PRAGMA integrity_check` and holds every write that was answered 200.
 */

/**
 * Kills per store: 20 on SQLite, whose file the daemon itself writes (a torn write is its own to survive); 10 on
 * PostgreSQL, where the daemon is a client and the server (never killed) keeps the data: the cycles check commits
 * and abandoned transactions, and each costs a daemon start with a pool and a migration check.
 */
const CYCLES_OF = { sqlite: 20, postgres: 10 } as const;
const WRITERS = 6;
/** Bounds of one cycle: the kill comes after this many acknowledged writes (random), or at the deadline. */
const MAX_ACKS = 40;
const CYCLE_DEADLINE_MS = 20_000;

let root: string;
let dataDir: string;
/** The PostgreSQL database of the block running on PostgreSQL (null on SQLite). */
let databaseUrl: string | null = null;
let daemon: ChildDaemon | null = null;

interface Acknowledged {
  origins: Set<number>;
  jobs: Set<number>;
}

/** Runs the writers until the daemon dies; kills it once `killAfter` writes of this cycle were acknowledged. */
async function loadUntilKilled(
  running: ChildDaemon,
  cookie: string,
  dsId: number,
  cycle: number,
  killAfter: number,
  acked: Acknowledged,
) {
  const agent = new Agent({ connections: WRITERS, headersTimeout: 60_000, bodyTimeout: 60_000 });
  const refused: string[] = [];
  let acksThisCycle = 0;
  let cutOff = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    running.child.kill('SIGKILL');
  };
  const deadline = setTimeout(kill, CYCLE_DEADLINE_MS);
  const writer = async (w: number) => {
    for (let n = 0; n < 10_000 && !killed; n++) {
      const origin = n % 2 === 0;
      try {
        const res = origin
          ? await call(agent, `${running.url}/api/1.3/origins`, {
              method: 'POST',
              cookie,
              body: {
                name: `crash-${cycle}-${w}-${n}`,
                fqdn: `c${cycle}w${w}n${n}.example.test`,
                protocol: 'http',
                deliveryServiceId: dsId,
              },
              timeoutMs: 60_000,
            })
          : await call(agent, `${running.url}/api/1.3/user/current/jobs`, {
              method: 'POST',
              cookie,
              body: { dsId, regex: `/crash/${cycle}/${w}/${n}`, startTime: new Date().toISOString(), ttl: 1 },
              timeoutMs: 60_000,
            });
        if (res.status !== 200) {
          refused.push(`${res.status} ${res.text.slice(0, 200)}`);
          continue;
        }
        (origin ? acked.origins : acked.jobs).add(
          Number(res.json<{ response: OriginRecord | JobRecord }>().response.id),
        );
        if (++acksThisCycle >= killAfter) kill();
      } catch {
        // The connection died with the daemon: this write was in flight and never acknowledged.
        if (!killed) refused.push(`connection failed before the kill (cycle ${cycle})`);
        cutOff++;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  clearTimeout(deadline);
  await running.exited;
  await agent.destroy();
  return { refused, acksThisCycle, cutOff };
}

/** The ids of acknowledged writes the database does not hold. */
function missing(acked: Acknowledged, origins: Set<number>, jobs: Set<number>) {
  return {
    lostOrigins: [...acked.origins].filter((id) => !origins.has(id)),
    lostJobs: [...acked.jobs].filter((id) => !jobs.has(id)),
  };
}

/** Opens the database as the crash left it (SQLite recovers the WAL on open) and checks it. */
async function inspect(acked: Acknowledged) {
  if (databaseUrl) return inspectPg(databaseUrl, acked);
  const db = new Database(dataFiles(dataDir).database, { readonly: false });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    const origins = new Set(db.prepare('SELECT id FROM origins').pluck().all() as number[]);
    const jobs = new Set(db.prepare('SELECT id FROM jobs').pluck().all() as number[]);
    return { integrity, ...missing(acked, origins, jobs) };
  } finally {
    db.close();
  }
}

/**
 * On PostgreSQL the daemon is only a client: the server outlives it and never sees a torn write. What must hold is
 * that every acknowledged write was committed, and that no transaction the killed daemon had open is left holding
 * locks (the server ends a dead client's session and rolls its transaction back).
 */
async function inspectPg(url: string, acked: Acknowledged) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = async (table: 'origins' | 'jobs') =>
      new Set((await client.query<{ id: number }>(`SELECT id FROM ${table}`)).rows.map((r) => r.id));
    const openTransactions = async () =>
      Number(
        (
          await client.query<{ n: number }>(
            'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL',
          )
        ).rows[0].n,
      );
    // The server learns of the dead client when its socket closes: give it a moment.
    let open = await openTransactions();
    for (let i = 0; i < 50 && open > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      open = await openTransactions();
    }
    const integrity = open === 0 ? 'ok' : `${open} transactions of the killed daemon still open`;
    return { integrity, ...missing(acked, await ids('origins'), await ids('jobs')) };
  } finally {
    await client.end();
  }
}

// The same kills on SQLite (the daemon's own file) and on PostgreSQL (issue 18: the daemon is a client of it).
eachStore((kind) => {
  beforeAll(async () => {
    root = tempRoot('crash');
    dataDir = join(root, 'data');
    databaseUrl = kind === 'postgres' ? await freshDatabaseUrl('crash') : null;
    await prepareDataDir(dataDir, databaseUrl ?? undefined);
  });
  afterAll(async () => {
    await daemon?.kill();
    daemon = null;
    rmSync(root, { recursive: true, force: true });
  });
  crashSuite(kind);
});

function crashSuite(kind: StoreKind): void {
  const CYCLES = CYCLES_OF[kind];
  describe('SIGKILL under a write load', () => {
    it(
      `loses no acknowledged write and never corrupts the database, ${CYCLES} kills in a row`,
      { timeout: 300_000 },
      async () => {
        const acked: Acknowledged = { origins: new Set(), jobs: new Set() };
        const setup = new Agent();
        let cookie = '';
        let dsId = 0;
        let inFlightAtKills = 0;
        for (let cycle = 0; cycle < CYCLES; cycle++) {
          daemon = await startChildDaemon(dataDir, daemonOptions());
          if (cycle === 0) {
            // Sessions live in the database: one login serves every restart.
            cookie = await loginOver(setup, daemon.url, 'admin', PASSWORDS.admin);
            dsId = Number(
              (await call(setup, `${daemon.url}/api/1.3/deliveryservices?xmlId=ds1`, { cookie })).json<{
                response: DeliveryServiceRecord[];
              }>().response[0].id,
            );
          }
          const killAfter = randomInt(1, MAX_ACKS + 1);
          const { refused, acksThisCycle, cutOff } = await loadUntilKilled(
            daemon,
            cookie,
            dsId,
            cycle,
            killAfter,
            acked,
          );
          const exit = await daemon.exited;
          daemon = null;
          inFlightAtKills += cutOff;
          expect(exit.signal, `cycle ${cycle}: the daemon should have died of SIGKILL`).toBe('SIGKILL');
          expect(refused, `cycle ${cycle}: writes refused before the kill`).toEqual([]);
          expect(acksThisCycle, `cycle ${cycle}`).toBeGreaterThanOrEqual(Math.min(killAfter, 1));
          const found = await inspect(acked);
          expect(found.integrity, `cycle ${cycle}: integrity_check`).toBe('ok');
          expect(found.lostOrigins, `cycle ${cycle}: acknowledged origins missing`).toEqual([]);
          expect(found.lostJobs, `cycle ${cycle}: acknowledged jobs missing`).toEqual([]);
        }
        // The last restart serves what every cycle wrote, through the API.
        daemon = await startChildDaemon(dataDir, daemonOptions());
        const origins = (await call(setup, `${daemon.url}/api/1.3/origins`, { cookie })).json<{
          response: OriginRecord[];
        }>().response;
        const served = new Set(origins.map((o) => o.id));
        expect([...acked.origins].filter((id) => !served.has(id))).toEqual([]);
        expect(acked.origins.size + acked.jobs.size).toBeGreaterThanOrEqual(CYCLES);
        // The kills really came mid-load: writes were in flight when the process died.
        expect(inFlightAtKills).toBeGreaterThan(0);
        await setup.close();
      },
    );
  });
}

/**
 * The daemon's options: its data dir's SQLite file, or the block's PostgreSQL database (in the environment, as
 * `cdnctl daemon start --database` hands it over).
 */
const daemonOptions = () => ({
  serve: { logger: false },
  env: databaseUrl ? { CDNCTL_DATABASE_URL: databaseUrl } : {},
});
