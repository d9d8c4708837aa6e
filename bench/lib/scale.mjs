// `--scale 1000,10000,100000`: the growth table. Per size, a data set of N origins and N users built through the
// snapshot importer, then for GET origins and GET users (all, gzip): the first answer after start, a cached
// one, the first after a write to what it is built from, and 32 connections against the bare server sending the
// same gzip bytes, with the daemon's RSS; plus the database's size and the daemon's start time.
import { statSync } from 'node:fs';
import { rmSync } from 'node:fs';
import { ADMIN_PASSWORD, login, rssMb, startDaemon } from './daemon.mjs';
import { scaleDataSet } from './dataset.mjs';
import { pairedReadCase } from './paired.mjs';
import { seedDataDir } from './seed.mjs';
import { median } from './timing.mjs';
import { firstAfterPurgeCase, timedGet } from './writes.mjs';

const GZIP = { 'accept-encoding': 'gzip' };
const round1 = (n) => Math.round(n * 10) / 10;
const TARGET = '≥ 0.8 × bare, every request answered, RSS ≤ 400 MB, first after a write ≤ 1.5 s';

/** Writes that change what each list is built from, through the API. */
const WRITES = {
  origins: (url, cookie, dsId, n) =>
    fetch(`${url}/api/1.3/origins`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `scale-write-${Date.now()}-${n}`,
        fqdn: `w${n}.scale.test`,
        protocol: 'http',
        deliveryServiceId: dsId,
      }),
    }),
  users: (url, cookie, _dsId, n) =>
    fetch(`${url}/api/1.2/user/current`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ user: { fullName: `Admin after write ${n}` } }),
    }),
};
const PATHS = { origins: '/api/1.3/origins', users: '/api/1.2/users' };

async function firstAfterWrites(resource, url, cookie, dsId, runs = 3) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const response = await WRITES[resource](url, cookie, dsId, i);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the write answered ${response.status}`);
    times.push(await timedGet(url, PATHS[resource], cookie, GZIP));
  }
  return round1(median(times));
}

async function measureResource({ n, resource, daemon, cookie, dsId, seconds, startMs, dbMb }) {
  const path = PATHS[resource];
  const firstMs = round1(await timedGet(daemon.url, path, cookie, GZIP));
  const cached = [];
  for (let i = 0; i < 5; i++) cached.push(await timedGet(daemon.url, path, cookie, GZIP));
  const cachedMs = round1(median(cached));
  const afterWriteMs = await firstAfterWrites(resource, daemon.url, cookie, dsId).catch(() => null);
  await timedGet(daemon.url, path, cookie, GZIP);
  const load = await pairedReadCase({
    name: `scale ${n.toLocaleString('en-US')}: GET ${path}, all (gzip)`,
    url: daemon.url,
    path,
    cookie,
    daemonPid: daemon.pid,
    headers: GZIP,
    ratio: 0.8,
    rounds: 1,
    sampleMemory: true,
    // A few answers of megabytes take seconds on a busy machine: a window of at least 10 s sees them complete.
    spec: { duration: Math.max(seconds, 10), warmup: 1 },
    check: (f) => f.rssMaxMb !== undefined && f.rssMaxMb <= 400 && afterWriteMs !== null && afterWriteMs <= 1500,
  });
  const growth = {
    records: n,
    resource,
    firstAfterStartMs: firstMs,
    cachedMs,
    firstAfterWriteMs: afterWriteMs,
    startMs,
    dbMb,
  };
  load.figures = { ...load.figures, ...growth };
  load.target = TARGET;
  load.summary = `cached ${cachedMs} ms, first after a write ${afterWriteMs ?? '—'} ms, first after start ${firstMs} ms; ${load.summary}`;
  return load;
}

/** Runs the scale mode for each size in `counts`, adding one case per size and list, and the purge case at each size. */
export async function scalePhase({ counts, passwordHash, seconds, add, say }) {
  for (const n of counts) {
    const seeding = performance.now();
    const dataDir = await seedDataDir(`scale${n}`, scaleDataSet(passwordHash, n));
    say(`scale ${n}: data set imported in ${round1((performance.now() - seeding) / 1000)} s`);
    const dbMb = round1(statSync(`${dataDir}/cdnctl.db`).size / 1024 / 1024);
    const starting = performance.now();
    const daemon = await startDaemon(dataDir);
    const startMs = round1(performance.now() - starting);
    try {
      const cookie = await login(daemon.url, 'admin', ADMIN_PASSWORD);
      const sample = await (
        await fetch(`${daemon.url}/api/1.3/origins?name=scale-ds00001-origin-01`, { headers: { cookie } })
      ).json();
      const dsId = sample.response?.[0]?.deliveryServiceId;
      for (const resource of ['origins', 'users'])
        add(await measureResource({ n, resource, daemon, cookie, dsId, seconds, startMs, dbMb }));
      add(
        await firstAfterPurgeCase({
          name: `scale ${n.toLocaleString('en-US')}: first GET origins (gzip) after a purge`,
          url: daemon.url,
          path: PATHS.origins,
          cookie,
          dsId,
          runs: 20,
          headers: GZIP,
        }),
      );
      say(`scale ${n}: daemon RSS at the end ${round1(rssMb(daemon.pid) ?? 0)} MB`);
    } finally {
      await daemon.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/** The growth table of the README, from the scale cases of a report. */
export function growthTable(cases) {
  const rows = cases.filter((c) => c.figures?.records !== undefined);
  if (rows.length === 0) return '';
  const cell = (v, unit = '') =>
    v === null || v === undefined ? '—' : `${typeof v === 'number' ? v.toLocaleString('en-US') : v}${unit}`;
  return [
    '| records | list (gzip) | cached | first after a write | under 32 connections (× bare) | RSS max | DB size | start |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((c) => {
      const f = c.figures;
      return (
        `| ${cell(f.records)} | ${f.resource} | ${cell(f.cachedMs, ' ms')} | ${cell(f.firstAfterWriteMs, ' ms')} | ` +
        `${cell(f.daemon?.reqPerSec, ' req/s')} (${cell(f.ratio)} ×), ${cell(f.daemon?.errors)} errors | ${cell(f.rssMaxMb, ' MB')} | ${cell(f.dbMb, ' MB')} | ${cell(f.startMs, ' ms')} |`
      );
    }),
  ].join('\n');
}
