// `--only fleet`, the configuration cases of issue 32's "Scale" (w4-push's bench/lib/fleet-push.mjs has the push
// cases): on the CDN (configgen-data.mjs: 2 CDNs, 3,000 caches in 300 groups, 2,000 delivery services,
// 200 a cache, 40 parameters a profile):
//   - the whole set of one cache generated cold (every file, as GET servers/:host/configfiles/ats/all makes it):
//     in process (CPU of the generation alone) and over HTTP (daemon CPU, one request a cache);
//   - a change to one delivery service (its primary origin, through the API): caches queued vs caches it affects;
//   - check-ins at Traffic Control's pace: a pass of 19 requests a cache (update_status, the file list, 17 files),
//     3,000 caches a minute, as a share of one core of daemon CPU.
import { cpuUsage } from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_PASSWORD, cpuSeconds, login, startDaemon } from './daemon.mjs';
import { CONFIGGEN, configgenDataSet, dsName, edgeHost, midHost } from './configgen-data.mjs';
import { seedDataDir } from './seed.mjs';
import { median } from './timing.mjs';

const TARGET_MS = 20;
const PACE = { caches: 3000, requests: 19, seconds: 60, targetShare: 0.1 };
const round1 = (n) => Math.round(n * 10) / 10;
const dist = (path) => new URL(`../../dist/${path}`, import.meta.url).href;

async function services() {
  const mods = await Promise.all(
    [
      'daemon/store/sqlite/db.js',
      'daemon/store/sqlite/index.js',
      'daemon/services/caches/ats-server-files.js',
      'daemon/services/caches/ats-scoped.js',
      'daemon/services/caches/ats-catalog.js',
      'daemon/services/caches/ats-whole-set.js',
      'daemon/atsconfig/file-list.js',
      'shared/paths.js',
    ].map((p) => import(dist(p))),
  );
  return Object.assign({}, ...mods);
}

const cpuMsSince = (before) => {
  const used = cpuUsage(before);
  return (used.user + used.system) / 1000;
};

/** The whole set of `host`, as the route makes it (key-store files aside: the generated CDN has none). */
async function wholeSetOf(s, ctx, host) {
  const server = await ctx.store.cacheConfig.serverByHostName(host);
  const cdn = await ctx.store.cdns.byId(server.cdnId);
  const generation = await s.serverGeneration(ctx, server, cdn);
  await s.keepServedAnswers(ctx, generation, cdn);
  const list = s.atsConfigFiles(generation.context, '1.3', 'http://bench.invalid');
  const files = await s.wholeSet(ctx, generation, cdn, list);
  if (files.length !== list.configFiles.length)
    throw new Error(`${host}: ${files.length} of ${list.configFiles.length}`);
  return { files: files.length, cdn };
}

/** Waits for the CDN's per-version structures (the group service sets a MID reads) made in the background. */
async function settle(s, ctx, cdn) {
  const before = cpuUsage();
  const memo = await s.catalogMemo(ctx);
  await memo.warmed.get(cdn.id);
  await sleep(20);
  return cpuMsSince(before);
}

/** In process: the CDN's first cache (catalog), the warm-up, then EDGEs and MIDs cold in turn. */
async function inProcess(dataDir, samples) {
  const s = await services();
  const db = s.openDatabase(s.dataFiles(dataDir).database);
  try {
    const ctx = { store: s.sqliteStore(db), clock: () => Date.now(), baseUrl: () => null };
    let before = cpuUsage();
    const first = await wholeSetOf(s, ctx, edgeHost(1, 140, 5));
    const catalogMs = cpuMsSince(before);
    const warmMs = await settle(s, ctx, first.cdn);
    const runs = { EDGE: [], MID: [] };
    for (let i = 0; i < samples; i++) {
      // MIDs of different groups, EDGEs of groups no MID read yet: each is cold for its own share.
      for (const [kind, host] of [
        ['EDGE', edgeHost(1, 3 + i * 13, 1)],
        ['MID', midHost(1, 1 + ((i * 3) % CONFIGGEN.midGroupsPerCdn), 1 + i)],
      ]) {
        before = cpuUsage();
        const { files } = await wholeSetOf(s, ctx, host);
        runs[kind].push({ host, files, cpuMs: round1(cpuMsSince(before)) });
        await sleep(5);
      }
    }
    return { catalogMs: round1(catalogMs), warmMs: round1(warmMs), runs };
  } finally {
    db.close();
  }
}

function generationCase(kind, runs, perVersion) {
  const cpu = runs.map((r) => r.cpuMs);
  const judged = round1(median(cpu));
  return {
    name: `fleet: whole set of one ${kind} (${runs[0].files} files) generated cold, in process`,
    figures: { files: runs[0].files, coldCpuMs: judged, cpuMs: cpu, runs, ...perVersion },
    target: `≤ ${TARGET_MS} ms CPU a cache (issue 32), once per data version the CDN's catalog is read`,
    pass: judged <= TARGET_MS,
    summary:
      `cold ${judged} ms CPU (median of ${cpu.length}: ${cpu.join(', ')}); once per CDN and data version: ` +
      `catalog ${perVersion.catalogMs} ms with the first cache, group service sets ${perVersion.warmMs} ms in the background`,
  };
}

async function get(url, path, cookie) {
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`);
  return body;
}

/** Over HTTP: GET …/configfiles/ats/all for caches no request touched yet; daemon CPU summed, then per cache. */
async function overHttp(daemon, cookie, kind, hosts) {
  const before = cpuSeconds(daemon.pid);
  let longest = 0;
  let bytes = 0;
  for (const host of hosts) {
    const started = performance.now();
    bytes += (await get(daemon.url, `/api/1.3/servers/${host}/configfiles/ats/all`, cookie)).length;
    longest = Math.max(longest, performance.now() - started);
  }
  const cpuMs = ((cpuSeconds(daemon.pid) - before) * 1000) / hosts.length;
  return {
    name: `fleet: GET servers/:host/configfiles/ats/all, one ${kind} cold, over HTTP`,
    figures: { caches: hosts.length, cpuMsPerCache: round1(cpuMs), longestMs: round1(longest), bytes },
    target: `≤ ${TARGET_MS} ms of daemon CPU a cache (issue 32)`,
    pass: cpuMs <= TARGET_MS,
    summary:
      `${round1(cpuMs)} ms daemon CPU a cache (mean of ${hosts.length}, CPU read in 10 ms ticks), ` +
      `longest ${round1(longest)} ms wall, ${Math.round(bytes / hosts.length / 1024)} KB a set`,
  };
}

/** The caches a change to service `d` of CDN 1 affects, from the data set: its EDGEs and their groups' MIDs. */
function affectedBy(d) {
  const hosts = new Set();
  const xmlId = dsName(1, d);
  const doc = configgenDataSet();
  const groups = new Map(doc.cachegroups.map((g) => [g.name, g]));
  const parents = new Set();
  for (const s of doc.servers.filter((x) => x.deliveryServices.includes(xmlId))) {
    hosts.add(s.hostName);
    const g = groups.get(s.cachegroup);
    parents.add(g.parentCachegroup).add(g.secondaryParentCachegroup);
  }
  for (const s of doc.servers) if (parents.has(s.cachegroup) && s.type === 'MID') hosts.add(s.hostName);
  return hosts;
}

async function call(url, method, path, cookie, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** One delivery service's primary origin moved through the API: who is queued, against who its files reach. */
async function changeCase(daemon, cookie) {
  const d = 77;
  const all = JSON.parse(await get(daemon.url, '/api/1.3/servers', cookie)).response;
  const pendingBefore = all.filter((s) => s.updPending).length;
  const ds = JSON.parse(await get(daemon.url, `/api/1.3/deliveryservices?xmlId=${dsName(1, d)}`, cookie)).response[0];
  const origin = JSON.parse(await get(daemon.url, `/api/1.3/origins?deliveryservice=${ds.id}`, cookie)).response[0];
  const before = cpuSeconds(daemon.pid);
  await call(daemon.url, 'PUT', `/api/1.3/origins?id=${origin.id}`, cookie, {
    ...origin,
    fqdn: 'moved.gen1.bench.test',
  });
  const writeMs = (cpuSeconds(daemon.pid) - before) * 1000;
  const after = JSON.parse(await get(daemon.url, '/api/1.3/servers', cookie)).response;
  const queued = new Set(after.filter((s) => s.updPending).map((s) => s.hostName));
  const affected = affectedBy(d);
  const extra = [...queued].filter((h) => !affected.has(h));
  const missed = [...affected].filter((h) => !queued.has(h));
  return {
    name: 'fleet: a change to one delivery service (its origin), caches queued vs the caches its files reach',
    figures: { queued: queued.size, affected: affected.size, extra, missed, pendingBefore, cdnCaches: 1500, writeMs },
    target: 'queued = affected (its EDGEs and the MIDs of their parent groups), no other cache of the CDN',
    pass: pendingBefore === 0 && extra.length === 0 && missed.length === 0,
    summary:
      `${queued.size} queued of ${affected.size} affected (${extra.length} others, ${missed.length} missed) ` +
      `out of 1,500 caches of the CDN; the write took ${round1(writeMs)} ms of daemon CPU`,
  };
}

/** One pass as Traffic Control's tools make it: update_status, the list, then 17 of its files. */
async function pass(url, cookie, host) {
  await get(url, `/api/1.3/servers/${host}/update_status`, cookie);
  const list = JSON.parse(await get(url, `/api/1.3/servers/${host}/configfiles/ats`, cookie));
  for (const file of list.configFiles.slice(0, PACE.requests - 2)) await get(url, file.apiUri, cookie);
}

/** Daemon CPU of one GET /api/1.3/ping (µs), the cheapest answer: the machine's price of a request. */
async function pingCost(daemon) {
  const before = cpuSeconds(daemon.pid);
  for (let i = 0; i < 300; i++) await (await fetch(`${daemon.url}/api/1.3/ping`)).arrayBuffer();
  return ((cpuSeconds(daemon.pid) - before) * 1e6) / 300;
}

/** Check-ins at the pace: passes of caches already fetched once (nothing changed), 8 at a time. */
async function paceCase(daemon, cookie, hosts) {
  for (const host of hosts) await pass(daemon.url, cookie, host);
  const before = cpuSeconds(daemon.pid);
  const started = performance.now();
  let next = 0;
  const rounds = 3;
  const work = Array.from({ length: 8 }, async () => {
    while (next < hosts.length * rounds) await pass(daemon.url, cookie, hosts[next++ % hosts.length]);
  });
  await Promise.all(work);
  const seconds = (performance.now() - started) / 1000;
  const passes = hosts.length * rounds;
  const cpuMsPerPass = ((cpuSeconds(daemon.pid) - before) * 1000) / passes;
  const share = (cpuMsPerPass * PACE.caches) / (PACE.seconds * 1000);
  const perRequestUs = (cpuMsPerPass * 1000) / PACE.requests;
  const pingUs = await pingCost(daemon);
  const pings = Math.round((perRequestUs / pingUs) * 100) / 100;
  return {
    name: `fleet: check-ins at Traffic Control's pace (${PACE.caches.toLocaleString('en-US')} caches × ${PACE.requests} requests / ${PACE.seconds} s)`,
    figures: {
      passes,
      cpuMsPerPass: round1(cpuMsPerPass),
      perRequestUs: Math.round(perRequestUs),
      share,
      seconds,
      pingUs: Math.round(pingUs),
      pings,
    },
    target: `≤ ${PACE.targetShare * 100} % of one core of daemon CPU`,
    pass: share <= PACE.targetShare,
    summary:
      `${Math.round(share * 1000) / 10} % of a core: ${round1(cpuMsPerPass)} ms daemon CPU a pass ` +
      `(${Math.round(perRequestUs)} µs a request, ${pings} × a ping's ${Math.round(pingUs)} µs; ` +
      `${passes} passes of ${PACE.requests} in ${round1(seconds)} s)`,
  };
}

/** Seeds the CDN, runs the in-process cases, then the daemon's. */
export async function fleetConfigPhase({ samples, add, say, scratch }) {
  const seeding = Date.now();
  const dataDir = await seedDataDir('fleet', configgenDataSet());
  scratch.push(dataDir);
  say(`fleet data set (${CONFIGGEN.cdns * 1500} caches) loaded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
  const local = await inProcess(dataDir, samples);
  for (const kind of ['EDGE', 'MID']) add(generationCase(kind, local.runs[kind], local));
  const daemon = await startDaemon(dataDir);
  try {
    const cookie = await login(daemon.url, 'admin', ADMIN_PASSWORD);
    // The CDN's catalog first (its first cache), then caches of groups no request touched.
    await get(daemon.url, `/api/1.3/servers/${edgeHost(1, 140, 5)}/configfiles/ats/all`, cookie);
    await sleep(1500);
    const n = Math.max(samples, 3);
    add(
      await overHttp(
        daemon,
        cookie,
        'EDGE',
        Array.from({ length: n }, (_, i) => edgeHost(1, 5 + i * 11, 2)),
      ),
    );
    add(
      await overHttp(
        daemon,
        cookie,
        'MID',
        Array.from({ length: n }, (_, i) => midHost(1, 1 + i, 3)),
      ),
    );
    add(await changeCase(daemon, cookie));
    const hosts = Array.from({ length: 20 }, (_, i) => edgeHost(2, 1 + i * 7, 3));
    add(await paceCase(daemon, cookie, hosts));
  } finally {
    await daemon.stop();
  }
}
