// `--only configgen` (issue 32, finding 0): every configuration file of one EDGE and of one MID on the issue's
// CDN, as an agent fetches them (the list, then each file at its apiUri, one after another), cold (the first
// fetch of a cache since the daemon started or since a write) and warm (the same cache again). Reported per
// cache: wall time and daemon CPU for all its files, and the longest a ping waited meanwhile (the event loop
// held by one request's generation shows there).
import { cpuSeconds, login, ADMIN_PASSWORD, startDaemon } from './daemon.mjs';
import { CONFIGGEN, configgenDataSet, edgeHost, midHost } from './configgen-data.mjs';
import { generateInProcess } from './configgen-inprocess.mjs';
import { seedDataDir } from './seed.mjs';
import { median } from './timing.mjs';

const TARGET_MS = 20;
const round1 = (n) => Math.round(n * 10) / 10;

async function get(url, path, cookie) {
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`);
  return body;
}

/** Pings every few ms until stop(); stop() answers the longest a ping took (ms). */
function pingWatch(url) {
  let stopped = false;
  let longest = 0;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      await fetch(`${url}/api/1.3/ping`).then((r) => r.arrayBuffer());
      longest = Math.max(longest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return longest;
  };
}

/** Fetches every file of `host` once: { ms, cpuMs, files, pingMaxMs }. */
async function fetchAll(daemon, cookie, host) {
  const stop = pingWatch(daemon.url);
  const cpuBefore = cpuSeconds(daemon.pid);
  const started = performance.now();
  const list = JSON.parse(await get(daemon.url, `/api/1.3/servers/${host}/configfiles/ats`, cookie));
  for (const file of list.configFiles) await get(daemon.url, file.apiUri, cookie);
  const ms = performance.now() - started;
  const cpuAfter = cpuSeconds(daemon.pid);
  const pingMaxMs = await stop();
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) * 1000;
  return { ms, cpuMs, files: list.configFiles.length, pingMaxMs };
}

const medianOf = (runs, key) => round1(median(runs.map((r) => r[key] ?? 0)));

function summarize(kind, cold, warm) {
  const files = cold[0].files;
  const c = { ms: medianOf(cold, 'ms'), cpuMs: medianOf(cold, 'cpuMs'), pingMaxMs: medianOf(cold, 'pingMaxMs') };
  const w = { ms: medianOf(warm, 'ms'), cpuMs: medianOf(warm, 'cpuMs'), pingMaxMs: medianOf(warm, 'pingMaxMs') };
  const perFile = round1(c.ms / files);
  return {
    name: `configgen: all files of one ${kind} (${files} files), issue 32's CDN`,
    figures: { files, cold: c, warm: w, coldRuns: cold, warmRuns: warm, coldMsPerFile: perFile },
    target: `cold ≤ ${TARGET_MS} ms of daemon CPU a cache, all its files (issue 32)`,
    pass: c.cpuMs !== null && c.cpuMs <= TARGET_MS,
    summary:
      `cold ${c.ms} ms wall (${perFile} ms/file), ${c.cpuMs} ms daemon CPU, ping waited ≤ ${c.pingMaxMs} ms; ` +
      `warm ${w.ms} ms wall, ${w.cpuMs} ms CPU (medians of ${cold.length} caches)`,
  };
}

async function measureKind(daemon, cookie, kind, hosts, say) {
  const cold = [];
  const warm = [];
  for (const host of hosts) {
    cold.push(await fetchAll(daemon, cookie, host));
    warm.push(await fetchAll(daemon, cookie, host));
    say(`configgen ${kind} ${host}: cold ${round1(cold.at(-1).ms)} ms, warm ${round1(warm.at(-1).ms)} ms`);
  }
  return summarize(kind, cold, warm);
}

/** The generation alone, in this process (configgen-inprocess.mjs): one case per kind, judged on the median. */
function generationCase(kind, runs, firstOfCdn) {
  const cpu = runs.map((r) => round1(r.cpuMs));
  const later = firstOfCdn ? cpu.slice(1) : cpu;
  const judged = round1(median(later));
  return {
    name: `configgen: generation of all files of one ${kind} (${runs[0].files} files), in process, no HTTP`,
    figures: { files: runs[0].files, cpuMs: cpu, coldCpuMs: judged, runs },
    target: `cold ≤ ${TARGET_MS} ms CPU a cache (issue 32), once the CDN's catalog is loaded`,
    pass: judged <= TARGET_MS,
    summary:
      `cold ${judged} ms CPU (median of ${later.length} caches; in turn ${cpu.join(', ')} ms` +
      `${firstOfCdn ? ": the first loads the CDN's catalog" : ''})`,
  };
}

async function generationPhase(dataDir, groups, add, say) {
  const hosts = [];
  for (const g of groups) hosts.push(['EDGE', edgeHost(1, g, 1)], ['MID', midHost(1, 1 + ((g - 1) % 10), 1)]);
  const runs = await generateInProcess(dataDir, hosts);
  for (const kind of ['EDGE', 'MID']) {
    say(`configgen in process ${kind}: ${runs[kind].map((r) => `${r.host} ${round1(r.cpuMs)} ms`).join(', ')}`);
    add(generationCase(kind, runs[kind], kind === 'EDGE'));
  }
}

/** Seeds the CDN, starts a daemon on it, and adds the EDGE and MID cases. */
export async function configgenPhase({ samples, add, say, scratch }) {
  const seeding = Date.now();
  const dataDir = await seedDataDir('configgen', configgenDataSet());
  scratch.push(dataDir);
  say(`configgen data set (${CONFIGGEN.cdns * 1500} caches) loaded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
  const groups = Array.from({ length: Math.max(samples, 2) + 1 }, (_, i) => 2 + i * 3);
  await generationPhase(dataDir, groups, add, say);
  const daemon = await startDaemon(dataDir);
  try {
    const cookie = await login(daemon.url, 'admin', ADMIN_PASSWORD);
    const groups = Array.from({ length: samples }, (_, i) => 1 + i * 3);
    add(
      await measureKind(
        daemon,
        cookie,
        'EDGE',
        groups.map((g) => edgeHost(1, g, 1)),
        say,
      ),
    );
    add(
      await measureKind(
        daemon,
        cookie,
        'MID',
        groups.map((g) => midHost(1, g, 1)),
        say,
      ),
    );
  } finally {
    await daemon.stop();
  }
}
