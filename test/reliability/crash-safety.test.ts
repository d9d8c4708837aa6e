import { randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFiles } from '../../src/paths.js';
import { PASSWORDS } from '../security/fixture.js';
import { call, loginOver, prepareDataDir, startChildDaemon, tempRoot, type ChildDaemon } from './child-daemon.js';

/**
 * A real daemon process under a write load (origins and purge jobs from several clients at once) is killed with
 * SIGKILL twenty times, each time after a random number of acknowledged writes, with more writes in flight.
 * After every kill the database passes `PRAGMA integrity_check` and holds every write that was answered 200.
 */

const CYCLES = 20;
const WRITERS = 6;
/** Bounds of one cycle: the kill comes after this many acknowledged writes (random), or at the deadline. */
const MAX_ACKS = 40;
const CYCLE_DEADLINE_MS = 20_000;

let root: string;
let dataDir: string;
let daemon: ChildDaemon | null = null;

beforeAll(async () => {
  root = tempRoot('crash');
  dataDir = join(root, 'data');
  await prepareDataDir(dataDir);
});
afterAll(async () => {
  await daemon?.kill();
  rmSync(root, { recursive: true, force: true });
});

interface Acknowledged {
  origins: Set<number>;
  jobs: Set<number>;
}

/** Runs the writers until the daemon dies; kills it once `killAfter` writes of this cycle were acknowledged. */
async function loadUntilKilled(running: ChildDaemon, cookie: string, dsId: number, cycle: number, killAfter: number, acked: Acknowledged) {
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
              body: { name: `crash-${cycle}-${w}-${n}`, fqdn: `c${cycle}w${w}n${n}.example.test`, protocol: 'http', deliveryServiceId: dsId },
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
        (origin ? acked.origins : acked.jobs).add(Number(res.json().response.id));
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

/** Opens the database as the crash left it (SQLite recovers the WAL on open) and checks it. */
function inspect(acked: Acknowledged) {
  const db = new Database(dataFiles(dataDir).database, { readonly: false });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    const origins = new Set(db.prepare('SELECT id FROM origins').pluck().all() as number[]);
    const jobs = new Set(db.prepare('SELECT id FROM jobs').pluck().all() as number[]);
    return {
      integrity,
      lostOrigins: [...acked.origins].filter((id) => !origins.has(id)),
      lostJobs: [...acked.jobs].filter((id) => !jobs.has(id)),
    };
  } finally {
    db.close();
  }
}

describe('SIGKILL under a write load', () => {
  it(`loses no acknowledged write and never corrupts the database, ${CYCLES} kills in a row`, { timeout: 300_000 }, async () => {
    const acked: Acknowledged = { origins: new Set(), jobs: new Set() };
    const setup = new Agent();
    let cookie = '';
    let dsId = 0;
    let inFlightAtKills = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      daemon = await startChildDaemon(dataDir, { serve: { logger: false } });
      if (cycle === 0) {
        // Sessions live in the database: one login serves every restart.
        cookie = await loginOver(setup, daemon.url, 'admin', PASSWORDS.admin);
        dsId = Number((await call(setup, `${daemon.url}/api/1.3/deliveryservices?xmlId=ds1`, { cookie })).json().response[0].id);
      }
      const killAfter = randomInt(1, MAX_ACKS + 1);
      const { refused, acksThisCycle, cutOff } = await loadUntilKilled(daemon, cookie, dsId, cycle, killAfter, acked);
      const exit = await daemon.exited;
      daemon = null;
      inFlightAtKills += cutOff;
      expect(exit.signal, `cycle ${cycle}: the daemon should have died of SIGKILL`).toBe('SIGKILL');
      expect(refused, `cycle ${cycle}: writes refused before the kill`).toEqual([]);
      expect(acksThisCycle, `cycle ${cycle}`).toBeGreaterThanOrEqual(Math.min(killAfter, 1));
      const found = inspect(acked);
      expect(found.integrity, `cycle ${cycle}: integrity_check`).toBe('ok');
      expect(found.lostOrigins, `cycle ${cycle}: acknowledged origins missing`).toEqual([]);
      expect(found.lostJobs, `cycle ${cycle}: acknowledged jobs missing`).toEqual([]);
    }
    // The last restart serves what every cycle wrote, through the API.
    daemon = await startChildDaemon(dataDir, { serve: { logger: false } });
    const origins = (await call(setup, `${daemon.url}/api/1.3/origins`, { cookie })).json().response as { id: number }[];
    const served = new Set(origins.map((o) => o.id));
    expect([...acked.origins].filter((id) => !served.has(id))).toEqual([]);
    expect(acked.origins.size + acked.jobs.size).toBeGreaterThanOrEqual(CYCLES);
    // The kills really came mid-load: writes were in flight when the process died.
    expect(inFlightAtKills).toBeGreaterThan(0);
    await setup.close();
  });
});
