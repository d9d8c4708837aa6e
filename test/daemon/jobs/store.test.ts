import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../daemon/store/sqlite/db.js';
import { JOB_QUERIES, type JobStore } from '../../../daemon/store/jobs.js';
import { sqliteJobs } from '../../../daemon/store/sqlite/jobs.js';
import { migrationsFor } from '../../../daemon/store/migrations.js';
import { seedDatabase } from '../../../daemon/store/sqlite/seed.js';
import { insertJobWorld, type JobWorld } from './fixtures.js';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 3600_000;
const DAY = 24 * HOUR;

let db: Db;
let jobs: JobStore;
let world: JobWorld;
let alice: number;
let bob: number;

beforeAll(() => {
  db = openDatabase(':memory:');
  seedDatabase(db, NOW);
  world = insertJobWorld(db, NOW);
  const user = db.prepare(
    'INSERT INTO users (username, email, role_id, tenant_id, last_updated) VALUES (?, ?, 1, 1, ?)',
  );
  alice = Number(user.run('alice', 'alice@example.test', NOW).lastInsertRowid);
  bob = Number(user.run('bob', 'bob@example.test', NOW).lastInsertRowid);
  jobs = sqliteJobs(db);
});
afterAll(() => {
  db.close();
});

const purge = (deliveryServiceId: number, path: string, startTime: number, ttlHours: number, userId = alice) =>
  jobs.insertPurge({
    assetUrl: `http://o.example.test${path}`,
    ttlHours,
    startTime,
    enteredTime: NOW,
    userId,
    deliveryServiceId,
  });

describe('job store', () => {
  it('stores a purge with the PURGE defaults and reads it back with its names joined', async () => {
    const job = await purge(world.ds2, '/a/.*', NOW + HOUR, 12);
    expect(job).toEqual({
      id: expect.any(Number),
      keyword: 'PURGE',
      assetUrl: 'http://o.example.test/a/.*',
      assetType: 'file',
      status: 'PENDING',
      ttlHours: 12,
      startTime: NOW + HOUR,
      enteredTime: NOW,
      userId: alice,
      username: 'alice',
      deliveryServiceId: world.ds2,
      dsXmlId: 'ds2',
      agent: 'dummy',
      objectType: null,
      objectName: null,
    });
  });

  it("lists a user's jobs newest first, on the given tenants only, by keyword", async () => {
    const first = await purge(world.ds1, '/1', NOW, 1, bob);
    const second = await purge(world.ds2, '/2', NOW, 1, bob);
    const third = await purge(world.ds3, '/3', NOW, 1, bob);
    db.prepare("UPDATE jobs SET keyword = 'OTHER' WHERE id = ?").run(third.id);
    const ids = async (tenants: number[], keyword: string | null) =>
      (await jobs.listForUser(bob, tenants, keyword)).map((j) => j.id);
    expect(await ids([1, world.tenantA], null)).toEqual([third.id, second.id, first.id]);
    expect(await ids([1, world.tenantA], 'PURGE')).toEqual([second.id, first.id]);
    expect(await ids([world.tenantA], null)).toEqual([second.id]);
    expect(await ids([], null)).toEqual([]);
  });

  it("reads a CDN's running purges: started in the window, ending after now, of that CDN, keyword PURGE", async () => {
    const since = NOW - 90 * DAY;
    db.prepare('DELETE FROM jobs').run();
    await purge(world.ds1, '/running', NOW - HOUR, 2);
    await purge(world.ds1, '/future', NOW + DAY, 1);
    await purge(world.ds1, '/ended', NOW - 2 * HOUR, 2);
    await purge(world.ds1, '/before-window', since - 1, 2200);
    await purge(world.ds3, '/zero-ttl-counts-as-an-hour', NOW - HOUR / 2, 0);
    await purge(world.dsPort, '/other-cdn', NOW, 5);
    const other = await purge(world.ds1, '/other-keyword', NOW, 5);
    db.prepare("UPDATE jobs SET keyword = 'OTHER' WHERE id = ?").run(other.id);
    const paths = (await jobs.runningPurgesOfCdn(world.cdn1, NOW, since)).map((j) =>
      j.assetUrl.slice('http://o.example.test'.length),
    );
    expect(paths.sort()).toEqual(['/future', '/running', '/zero-ttl-counts-as-an-hour']);
  });
});

describe('job queries with 100,000 stored jobs', () => {
  let plan: (sql: string, ...params: unknown[]) => string[];

  beforeAll(() => {
    const insert = db.prepare(
      'INSERT INTO jobs (asset_url, ttl_hours, start_time, entered_time, user_id, deliveryservice_id) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const dss = [world.ds1, world.ds2, world.ds3, world.dsPort];
    db.transaction(() => {
      for (let i = 0; i < 100_000; i++)
        insert.run(`http://o/${i}`, 24 + (i % 72), NOW - (i % 120) * DAY, NOW, i % 50 === 0 ? alice : bob, dss[i % 4]);
    })();
    plan = (sql, ...params) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);
  });

  it('has the migration that indexes the end of a job', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(migrationsFor('sqlite').length);
    const index = db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'jobs_deliveryservice_end'")
      .get();
    expect(index).toBeDefined();
  });

  it("finds a user's jobs through the jobs_user index, already in newest-first order", () => {
    for (const [sql, params] of [
      [JOB_QUERIES.listForUser, [alice, '[1]']],
      [JOB_QUERIES.listForUserByKeyword, [alice, 'PURGE', '[1]']],
    ] as const) {
      const steps = plan(sql, ...params);
      expect(steps).toContain('SEARCH j USING INDEX jobs_user (user_id=?)');
      expect(steps, steps.join('; ')).not.toContainEqual(expect.stringMatching(/^SCAN j\b|TEMP B-TREE/));
    }
  });

  it("finds a CDN's running purges through jobs_deliveryservice_end, skipping the ended ones", () => {
    const steps = plan(JOB_QUERIES.runningPurgesOfCdn, world.cdn1, NOW, NOW - 90 * DAY);
    expect(steps).toContain('SEARCH ds USING COVERING INDEX deliveryservices_cdn (cdn_id=?)');
    expect(steps).toContain('SEARCH j USING INDEX jobs_deliveryservice_end (deliveryservice_id=? AND <expr>>?)');
  });

  it('answers the same jobs as a full scan would', async () => {
    const listed = await jobs.listForUser(alice, [1, world.tenantA], null);
    const scanned = db
      .prepare(
        'SELECT j.id FROM jobs j JOIN deliveryservices ds ON ds.id = j.deliveryservice_id WHERE j.user_id = ? ORDER BY j.id DESC',
      )
      .all(alice) as { id: number }[];
    expect(listed.map((j) => j.id)).toEqual(scanned.map((r) => r.id));
    const running = await jobs.runningPurgesOfCdn(world.cdn1, NOW, NOW - 90 * DAY);
    const expected = db
      .prepare(
        `SELECT count(*) AS n FROM jobs j JOIN deliveryservices ds ON ds.id = j.deliveryservice_id
        WHERE ds.cdn_id = ? AND j.keyword = 'PURGE' AND j.start_time >= ? AND j.start_time + max(j.ttl_hours, 1) * 3600000 > ?`,
      )
      .get(world.cdn1, NOW - 90 * DAY, NOW) as { n: number };
    expect(running.length).toBe(expected.n);
    expect(running.length).toBeGreaterThan(0);
  });
});
