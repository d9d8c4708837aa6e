import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../daemon/store/sqlite/db.js';
import { sqliteStore } from '../../../../daemon/store/sqlite/index.js';
import type { ResetRequestStore } from '../../../../daemon/store/reset-requests.js';
import { openPgStore } from '../../../../daemon/store/postgres/index.js';
import type { PgPool } from '../../../../daemon/store/postgres/pool.js';
import { pgAdmitResetClient } from '../../../../daemon/store/postgres/reset-clients.js';
import { startPgCluster, type PgCluster } from '../../../helpers/pg-cluster.js';

/**
 * The password-reset limit per client address, counted in the database (issue 18): the same answers on both
 * stores, and on PostgreSQL two daemons (two pools) asking at once never admit more than the limit together.
 */

const WINDOW = 15 * 60_000;
const LIMIT = 3;
let cluster: PgCluster;
const pools: PgPool[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(async () => {
  for (const pool of pools) await pool.end();
  cluster?.stop();
});

async function pgDatabase(): Promise<string> {
  return cluster.createDatabase('reset');
}

async function pgAdmit(url: string): Promise<ResetRequestStore['admitClient']> {
  const { pool } = await openPgStore(url);
  pools.push(pool);
  return pgAdmitResetClient(pool);
}

/** A sequence of requests over time; answers each wait. */
async function sequence(admit: ResetRequestStore['admitClient']): Promise<number[]> {
  const t0 = 1_800_000_000_000;
  const waits: number[] = [];
  for (const [client, at] of [
    ['10.0.0.1', t0],
    ['10.0.0.1', t0 + 1000],
    ['10.0.0.2', t0 + 1500],
    ['10.0.0.1', t0 + 2000],
    ['10.0.0.1', t0 + 3000], // the fourth within the window: refused until the first leaves it
    ['10.0.0.2', t0 + 3500],
    ['10.0.0.1', t0 + WINDOW], // the first is exactly WINDOW old: out of the window, admitted
    ['10.0.0.1', t0 + WINDOW + 10],
  ] as const) {
    waits.push(await admit(client, at, WINDOW, LIMIT));
  }
  return waits;
}

describe('reset requests per client address, in the database', () => {
  it('answer the same on SQLite and PostgreSQL: admitted, then the wait until the oldest leaves the window', async () => {
    const sqlite = sqliteStore(openDatabase(':memory:'));
    const expected = await sequence((...a) => sqlite.resetRequests.admitClient(...a));
    await sqlite.close();
    expect(expected).toEqual([0, 0, 0, 0, WINDOW - 3000, 0, 0, 990]);
    expect(await sequence(await pgAdmit(await pgDatabase()))).toEqual(expected);
  });

  it('admit no more than the limit across two daemons asking at once (PostgreSQL)', async () => {
    const url = await pgDatabase();
    const [a, b] = [await pgAdmit(url), await pgAdmit(url)];
    const at = 1_800_000_000_000;
    const waits = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b)('10.9.9.9', at + i, WINDOW, LIMIT)),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(LIMIT);
    expect(waits.filter((w) => w > 0)).toHaveLength(12 - LIMIT);
  });
});
