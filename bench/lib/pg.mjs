// `npm run bench -- --only pg` (issue 18): the 50-row reads and purges on PostgreSQL next to SQLite, in the same
// run, and two daemons on one PostgreSQL behind HAProxy next to one. Reported, never judged (target
// "reference"): on two cores a second daemon has no core of its own, so no speed-up is expected.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { figuresOf, measuredLoad, unavailable } from './cases.mjs';
import { ADMIN_PASSWORD, DAEMON_MAIN, freePort, login, pings, waitForPing } from './daemon.mjs';
import { smallDataSet } from './dataset.mjs';
import { startBenchCluster } from './pg-cluster.mjs';
import { sleep, stopChild } from './processes.mjs';
import { loadSummary } from './report.mjs';
import { seedDataDir } from './seed.mjs';

const dist = (path) => new URL(`../../dist/${path}`, import.meta.url).href;

/** Bootstraps `admin` and imports `doc` into the PostgreSQL database at `url`, through the Store. */
async function seedDatabase(url, doc) {
  const [{ openPgStore }, { bootstrap }, { importSnapshot }] = await Promise.all([
    import(dist('daemon/store/postgres/index.js')),
    import(dist('daemon/services/auth/bootstrap.js')),
    import(dist('daemon/services/snapshot/import.js')),
  ]);
  const { store } = await openPgStore(url);
  try {
    await bootstrap(store, Date.now(), ADMIN_PASSWORD);
    await importSnapshot(store, doc);
  } finally {
    await store.close();
  }
}

/** The daemon's own entry point on `dataDir` (and `database`, when given), on a free loopback port. */
async function daemonOn(dataDir, database) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const port = await freePort();
  const options = { dataDir, listen: `127.0.0.1:${port}` };
  const child = spawn(process.execPath, [DAEMON_MAIN, JSON.stringify(options)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      CDNCTL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      CDNCTL_LOG_LEVEL: 'silent',
      ...(database ? { CDNCTL_DATABASE_URL: database } : {}),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForPing(child, url);
  return { url, port, pid: child.pid, stop: () => stopChild(child) };
}

/** HAProxy over `ports` on loopback (the README's config, from the generator); resolves once it answers. */
async function balancerOver(dir, ports) {
  const { haproxyConfig } = await import(dist('daemon/services/deploy/haproxy-config.js'));
  const port = await freePort();
  const file = join(dir, `haproxy-${ports.length}.cfg`);
  const daemons = ports.map((p, i) => ({ name: `d${i + 1}`, host: '127.0.0.1', port: p }));
  writeFileSync(file, haproxyConfig({ bind: { host: '127.0.0.1', port }, daemons, checkIntervalMs: 500 }));
  if (spawnSync('haproxy', ['-v']).status !== 0) throw new Error('haproxy is not installed (apt-get install haproxy)');
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200 && !(await pings(url)); i++) await sleep(25);
  return { url, stop: () => stopChild(child) };
}

/** A case comparing `loads` (label → load) against the first, by req/s. */
function comparison(name, loads) {
  const [[firstLabel, first], ...rest] = Object.entries(loads);
  const ratios = Object.fromEntries(
    rest.map(([label, load]) => [label, Math.round((load.reqPerSec / first.reqPerSec) * 100) / 100]),
  );
  return {
    name,
    figures: {
      ratioTo: firstLabel,
      ratios,
      ...Object.fromEntries(Object.entries(loads).map(([l, load]) => [l, figuresOf(load)])),
    },
    target: 'reference',
    pass: true,
    summary: Object.entries(loads)
      .map(([label, load]) => `${label} ${loadSummary(load)}${ratios[label] ? ` (${ratios[label]} ×)` : ''}`)
      .join('; '),
  };
}

async function purgeBodyOf(url, cookie) {
  const origins = await fetch(`${url}/api/1.3/origins`, { headers: { cookie } }).then((r) => r.json());
  const primary = origins.response.find((o) => o.isPrimary);
  return {
    dsId: primary.deliveryServiceId,
    ttl: 24,
    startTime: new Date().toISOString().replace('T', ' ').slice(0, 19),
  };
}

const read = (daemon, cookie, path) => measuredLoad(daemon.pid, { url: `${daemon.url}${path}`, headers: { cookie } });
const purge = (daemon, cookie, body) =>
  measuredLoad(daemon.pid, {
    url: `${daemon.url}/api/1.2/user/current/jobs`,
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    purgeBody: body,
  });

/** SQLite and PostgreSQL daemons over the same 50-row data set: reads and purges, one after the other. */
async function storesSideBySide({ sqlite, pg, add }) {
  const [sqliteCookie, pgCookie] = [
    await login(sqlite.url, 'admin', ADMIN_PASSWORD),
    await login(pg.url, 'admin', ADMIN_PASSWORD),
  ];
  for (const [label, path] of [
    ['GET /api/1.3/origins, 50 origins', '/api/1.3/origins'],
    ['GET /api/1.2/users, 50 users', '/api/1.2/users'],
  ]) {
    add(
      comparison(`${label}: PostgreSQL vs SQLite`, {
        sqlite: await read(sqlite, sqliteCookie, path),
        postgres: await read(pg, pgCookie, path),
      }),
    );
  }
  const body = await purgeBodyOf(sqlite.url, sqliteCookie);
  add(
    comparison('POST /api/1.2/user/current/jobs: PostgreSQL vs SQLite', {
      sqlite: await purge(sqlite, sqliteCookie, body),
      postgres: await purge(pg, pgCookie, body),
    }),
  );
  return pgCookie;
}

/** One PostgreSQL daemon direct, then HAProxy over it, then HAProxy over it and a second one. */
async function balancedSideBySide({ first, second, cookie, dir, add }) {
  const path = '/api/1.3/origins';
  const direct = await read(first, cookie, path);
  const overOne = await balancerOver(dir, [first.port]);
  let one;
  try {
    one = await measuredLoad(first.pid, { url: `${overOne.url}${path}`, headers: { cookie } });
  } finally {
    await overOne.stop();
  }
  const overTwo = await balancerOver(dir, [first.port, second.port]);
  let two;
  try {
    two = await measuredLoad(null, { url: `${overTwo.url}${path}`, headers: { cookie } });
  } finally {
    await overTwo.stop();
  }
  add(
    comparison('GET /api/1.3/origins (50) on PostgreSQL: one daemon, HAProxy over one, HAProxy over two', {
      'one daemon': direct,
      'HAProxy → 1': one,
      'HAProxy → 2': two,
    }),
  );
}

/** The `pg` case group. */
export async function pgPhase({ passwordHash, tempDir, add, say }) {
  let cluster;
  const running = [];
  try {
    cluster = await startBenchCluster();
    cluster.psql('CREATE DATABASE bench');
    const url = cluster.url('bench');
    const doc = smallDataSet(passwordHash);
    await seedDatabase(url, doc);
    const sqliteDir = await seedDataDir('pg-sqlite', doc);
    const sqlite = await daemonOn(sqliteDir);
    running.push(sqlite);
    const pg = await daemonOn(join(tempDir('pg-d1'), 'data'), url);
    running.push(pg);
    say('pg: SQLite and PostgreSQL daemons up');
    const cookie = await storesSideBySide({ sqlite, pg, add });
    await sqlite.stop();
    running.splice(running.indexOf(sqlite), 1);
    const second = await daemonOn(join(tempDir('pg-d2'), 'data'), url);
    running.push(second);
    await balancedSideBySide({ first: pg, second, cookie, dir: tempDir('pg-haproxy'), add });
  } catch (err) {
    add(unavailable('PostgreSQL cases', 'reference', err.message));
  } finally {
    for (const d of running) await d.stop();
    cluster?.stop();
  }
}
