#!/usr/bin/env node
// `npm run bench`: measures the daemon and the CLI against the targets of issues 9 and 20. Every read case runs
// in rounds alternating with a bare node:http server sending the same bytes, and passes on the ratio of the two
// (the machine may be shared: absolute req/s are shown, never judged). A benchmark, not a test: it always exits 0.
//   --only origins50,burst   some cases (keys: CASE_KEYS; `pg`: PostgreSQL next to SQLite, HAProxy over 1 and 2 daemons)
//   --seconds 5 --rounds 3   length of each load and number of alternating rounds
//   --scale 1000,10000,100000  the growth table instead (data sets of N origins and N users)
//   --only configgen --samples 3  issue 32's CDN: all files of an EDGE and of a MID, over N caches of each
//   --only fleet --samples 5  issue 32's "Scale" on that CDN: whole sets cold, one service's change, check-ins
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cliOriginsCase,
  coldStartCase,
  loginUnderLoadCase,
  probe,
  purgeCase,
  trustLoopbackProxy,
  unavailable,
  versionCase,
} from './lib/cases.mjs';
import { ADMIN_PASSWORD, login, startDaemon } from './lib/daemon.mjs';
import { LARGE, largeDataSet, smallDataSet, smallUsernames } from './lib/dataset.mjs';
import { LOAD } from './lib/load.mjs';
import { pairedReadCase } from './lib/paired.mjs';
import { pgPhase } from './lib/pg.mjs';
import { busyWarning, currentLoad, formatTable, machineInfo, writeResults } from './lib/report.mjs';
import { growthTable, scalePhase } from './lib/scale.mjs';
import { USER_PASSWORD, seedDataDir, userPasswordHash } from './lib/seed.mjs';
import { coldStarts } from './lib/timing.mjs';
import { burstCase, firstAfterPurgeCase } from './lib/writes.mjs';
import { configgenPhase } from './lib/configgen.mjs';
import { fleetPushPhase } from './lib/fleet-push.mjs';
import { fleetConfigPhase } from './lib/fleet-config.mjs';

const RESULTS = fileURLToPath(new URL('./results/latest.json', import.meta.url));
const SMALL = ['origins50', 'users50', 'login', 'cli', 'purge', 'afterPurge', 'burst', 'cold'];
const LARGE_KEYS = ['originsByDs', 'originsAll', 'regex'];
const CASE_KEYS = ['version', ...SMALL, ...LARGE_KEYS, 'pg', 'configgen', 'fleet'];
/**
 * Reads during the login case: a steady stream of other users, not a flood (a flood would leave the hashing no
 * CPU at all). autocannon paces a fixed rate coarsely over many connections, so the stream uses few.
 */
const READS_DURING_LOGINS = { rate: 1000, connections: 4 };

const arg = (flag) => {
  const at = process.argv.indexOf(flag);
  return at > 0 ? (process.argv[at + 1] ?? '') : null;
};
const only = arg('--only') === null ? null : new Set(arg('--only').split(',').filter(Boolean));
for (const key of only ?? [])
  if (!CASE_KEYS.includes(key)) throw new Error(`unknown case "${key}"; cases: ${CASE_KEYS.join(', ')}`);
const scale =
  arg('--scale') === null
    ? null
    : arg('--scale')
        .split(',')
        .map(Number)
        .filter((n) => n > 0);
const seconds = Number(arg('--seconds') ?? 5);
const rounds = Number(arg('--rounds') ?? 3);
LOAD.duration = seconds;
LOAD.warmup = 1;
const wanted = (key) => scale === null && (only === null || only.has(key));

const cases = [];
const scratch = [];
const started = Date.now();
const loadAtStart = currentLoad();
const say = (line) => process.stderr.write(`bench: ${line}\n`);
const add = (c) => {
  cases.push(c);
  say(`${c.name}: ${c.summary}`);
};
const tempDir = (label) => {
  const dir = mkdtempSync(join(tmpdir(), `cdnctl-bench-${label}-`));
  scratch.push(dir);
  return dir;
};

async function smallReads(common, origins) {
  if (wanted('origins50'))
    add(
      await pairedReadCase({
        ...common,
        name: 'GET /api/1.3/origins, 50 origins',
        path: '/api/1.3/origins',
        ratio: 0.6,
      }),
    );
  if (wanted('users50'))
    add(await pairedReadCase({ ...common, name: 'GET /api/1.2/users, 50 users', path: '/api/1.2/users', ratio: 0.6 }));
  if (wanted('login')) {
    const readPath = origins.status === 200 ? '/api/1.3/origins' : '/api/1.3/ping';
    add(
      await loginUnderLoadCase({
        url: common.url,
        cookie: common.cookie,
        usernames: smallUsernames(),
        password: USER_PASSWORD,
        readPath,
        reads: READS_DURING_LOGINS,
      }),
    );
  }
}

async function smallWrites(common, origins) {
  const primary = origins.status === 200 ? JSON.parse(origins.body).response.find((o) => o.isPrimary) : null;
  const needs = (key, name) => {
    if (!wanted(key)) return false;
    if (!primary) add(unavailable(name, '', 'no primary origin to purge (GET origins)'));
    return primary !== null;
  };
  if (needs('purge', 'POST /api/1.2/user/current/jobs'))
    add(await purgeCase({ ...common, dsId: primary.deliveryServiceId }));
  if (needs('afterPurge', 'first GET origins after a purge')) {
    add(
      await firstAfterPurgeCase({
        ...common,
        name: 'first GET /api/1.3/origins (50) after a purge',
        path: '/api/1.3/origins',
        dsId: primary.deliveryServiceId,
      }),
    );
  }
  if (needs('burst', 'reads during a purge burst')) {
    const path = `/api/1.3/origins?deliveryservice=${primary.deliveryServiceId}`;
    add(await burstCase({ ...common, path, dsId: primary.deliveryServiceId, seconds }));
  }
}

async function smallPhase(passwordHash) {
  let dataDir;
  try {
    dataDir = await seedDataDir('small', smallDataSet(passwordHash));
    scratch.push(dataDir);
    trustLoopbackProxy(dataDir);
  } catch (err) {
    for (const key of SMALL.filter(wanted)) add(unavailable(`small data set: ${key}`, '', err.message));
    return;
  }
  const daemon = await startDaemon(dataDir);
  try {
    const cookie = await login(daemon.url, 'admin', ADMIN_PASSWORD);
    const origins = await probe(daemon.url, '/api/1.3/origins', cookie);
    const common = { url: daemon.url, cookie, daemonPid: daemon.pid, rounds };
    await smallReads(common, origins);
    if (wanted('cli')) add(await cliOriginsCase({ url: daemon.url, cookie, configDir: tempDir('config'), runs: 10 }));
    await smallWrites(common, origins);
  } finally {
    await daemon.stop();
  }
  if (wanted('cold')) add(coldStartCase(await coldStarts(dataDir, 5)));
}

async function largePhase(passwordHash) {
  const seeding = Date.now();
  let dataDir;
  try {
    dataDir = await seedDataDir('large', largeDataSet(passwordHash, Date.now()));
    scratch.push(dataDir);
  } catch (err) {
    for (const key of LARGE_KEYS.filter(wanted)) add(unavailable(`large data set: ${key}`, '', err.message));
    return;
  }
  say(`large data set loaded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
  const daemon = await startDaemon(dataDir);
  try {
    const cookie = await login(daemon.url, 'admin', ADMIN_PASSWORD);
    const common = { url: daemon.url, cookie, daemonPid: daemon.pid, rounds };
    if (wanted('originsByDs')) {
      const sample = await probe(daemon.url, '/api/1.3/origins?name=large-ds250-origin-10', cookie);
      const dsId = sample.status === 200 ? JSON.parse(sample.body).response[0]?.deliveryServiceId : undefined;
      add(
        await pairedReadCase({
          ...common,
          name: 'GET /api/1.3/origins?deliveryservice=ID, 10,000 stored',
          path: `/api/1.3/origins?deliveryservice=${dsId}`,
          ratio: 0.6,
        }),
      );
    }
    if (wanted('originsAll')) {
      // Browsers, curl --compressed, Go's and Python's HTTP clients and cdnctl ask for gzip; the same list
      // without it is shown for reference (there the load generator, decoding 4 MB a response, sets the pace).
      const all = { ...common, path: '/api/1.3/origins', sampleMemory: true };
      add(
        await pairedReadCase({
          ...all,
          name: 'GET /api/1.3/origins, all 10,000 (Accept-Encoding: gzip)',
          headers: { 'accept-encoding': 'gzip' },
          ratio: 0.8,
          check: (f) => f.rssMaxMb !== undefined && f.rssMaxMb <= 150,
          checkSays: 'daemon RSS ≤ 150 MB',
        }),
      );
      add({
        ...(await pairedReadCase({ ...all, name: 'GET /api/1.3/origins, all 10,000 (no Accept-Encoding)', ratio: 0 })),
        target: 'reference',
      });
    }
    if (wanted('regex')) {
      add(
        await pairedReadCase({
          ...common,
          name: `regex_revalidate.config, ${LARGE.activeJobsOnCdn1.toLocaleString('en-US')} active of 100,000 jobs`,
          path: `/api/1.2/cdns/${LARGE.cdn}/configfiles/ats/regex_revalidate.config`,
          ratio: 0.8,
        }),
      );
    }
  } finally {
    await daemon.stop();
  }
}

try {
  if (wanted('version')) add(await versionCase(20));
  const passwordHash = await userPasswordHash();
  if (scale !== null) await scalePhase({ counts: scale, passwordHash, seconds, add, say });
  if (SMALL.some(wanted)) await smallPhase(passwordHash);
  if (LARGE_KEYS.some(wanted)) await largePhase(passwordHash);
  if (wanted('pg')) await pgPhase({ passwordHash, tempDir, add, say });
  if (wanted('configgen')) await configgenPhase({ samples: Number(arg('--samples') ?? 3), add, say, scratch });
  if (wanted('fleet')) {
    await fleetConfigPhase({ samples: Number(arg('--samples') ?? 5), add, say, scratch });
    await fleetPushPhase({ add, say, scratch });
  }
} catch (err) {
  say(`stopped early: ${err.stack ?? err}`);
} finally {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
}

const machine = machineInfo();
const warning = busyWarning(loadAtStart, machine.cpus);
const report = {
  date: new Date().toISOString(),
  machine,
  loadAverage: { atStart: loadAtStart, atEnd: currentLoad() },
  warning,
  settings: { seconds, rounds, connections: LOAD.connections, scale },
  seconds: Math.round((Date.now() - started) / 1000),
  cases,
};
writeResults(RESULTS, report);
const counted = cases.filter((c) => c.target !== 'reference');
process.stdout.write(`\n${formatTable(cases)}\n\n`);
if (scale !== null) process.stdout.write(`${growthTable(cases)}\n\n`);
process.stdout.write(
  `${counted.filter((c) => c.pass).length} of ${counted.length} targets hold; ${report.seconds} s\n`,
);
if (warning) process.stdout.write(`note: ${warning}\n`);
process.exitCode = 0;
