// Reads next to writes: the first GET after a purge against a cached one, and reads during a burst of purges.
import { runLoad } from './load.mjs';
import { measuredLoad, probe, unavailable } from './cases.mjs';
import { loadSummary } from './report.mjs';
import { median } from './timing.mjs';

const round2 = (n) => Math.round(n * 100) / 100;
const startTime = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

/** Wall ms of one GET, its body read to the end. */
export async function timedGet(url, path, cookie, headers = {}) {
  const started = performance.now();
  const answer = await probe(url, path, cookie, headers);
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  return performance.now() - started;
}

/**
 * One valid purge of delivery service `dsId` with a regex of its own; resolves to the HTTP status. `refused`: the
 * same request with a TTL of 0, which the daemon checks the same way and refuses (400) without writing.
 */
export async function purgeOnce(url, cookie, dsId, n, refused = false) {
  const response = await fetch(`${url}/api/1.2/user/current/jobs`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      dsId,
      ttl: refused ? 0 : 24,
      startTime: startTime(),
      regex: `/bench/after-${process.pid}-${Date.now()}-${n}\\.png`,
    }),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * The first GET of `path` after a purge against a cached GET of it, alternated `runs` times (medians). A purge
 * changes jobs only, so the answer should still come from the cache: target ≤ 1.5 ×. The cached GET is timed
 * right after the same purge refused (TTL 0: checked, not written), so both GETs follow the same round trip and
 * the same idle moment of the daemon (on this VM a GET after 2 ms of idleness takes 0.15 ms longer, after 10 ms
 * 0.35 ms, against 0.7 ms in all): what differs is the write.
 */
export async function firstAfterPurgeCase({ name, url, path, cookie, dsId, runs = 20, headers = {} }) {
  const target = '≤ 1.5 × a cached GET';
  try {
    await timedGet(url, path, cookie, headers);
    const cached = [];
    const after = [];
    for (let i = 0; i < runs; i++) {
      const refused = await purgeOnce(url, cookie, dsId, i, true);
      if (refused !== 400) return unavailable(name, target, `POST jobs with TTL 0 answered ${refused}, not 400`);
      cached.push(await timedGet(url, path, cookie, headers));
      const status = await purgeOnce(url, cookie, dsId, i);
      if (status !== 200) return unavailable(name, target, `POST jobs answered ${status}`);
      after.push(await timedGet(url, path, cookie, headers));
    }
    const cachedMs = round2(median(cached));
    const afterMs = round2(median(after));
    const ratio = round2(afterMs / cachedMs);
    return {
      name,
      figures: { ratio, cachedMedianMs: cachedMs, afterPurgeMedianMs: afterMs, runs },
      target,
      pass: ratio <= 1.5,
      summary: `${ratio} ×: after a purge ${afterMs} ms, cached ${cachedMs} ms (medians of ${runs})`,
    };
  } catch (err) {
    return unavailable(name, target, err.message);
  }
}

/** req/s of a ticked load over the ticks that ended inside [from, to]. */
function rateWithin(load, from, to) {
  const inside = (load.ticks ?? []).filter((t) => t.at > from + 1000 && t.at <= to);
  if (inside.length === 0) return null;
  return inside.reduce((sum, t) => sum + t.requests, 0) / inside.length;
}

/**
 * Reads of `path` alone, then the same reads while `purges` purges arrive on a few connections of their own:
 * the reads' req/s during the burst (the seconds it lasted) against their req/s without it. Target ≥ 0.5.
 */
export async function burstCase({
  url,
  path,
  cookie,
  dsId,
  daemonPid,
  seconds,
  purges = 10_000,
  purgeConnections = 8,
}) {
  const name = `GET ${path} during ${purges.toLocaleString('en-US')} purges`;
  const target = '≥ 0.5 × its req/s without the burst';
  const reads = { url: `${url}${path}`, headers: { cookie }, ticks: true };
  const alone = await measuredLoad(daemonPid, { ...reads, duration: seconds });
  const base = { dsId, ttl: 24, startTime: startTime() };
  const [during, burst] = await Promise.all([
    runLoad({ ...reads, duration: Math.max(seconds * 3, 20), warmup: 0 }),
    runLoad({
      url: `${url}/api/1.2/user/current/jobs`,
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      purgeBody: base,
      amount: purges,
      connections: purgeConnections,
      duration: 120,
      warmup: 0,
    }),
  ]);
  const aloneRate = alone.reqPerSec;
  const duringRate = rateWithin(during, burst.startedAt, burst.endedAt);
  if (duringRate === null) return unavailable(name, target, 'the burst ended within a second');
  const ratio = round2(duringRate / aloneRate);
  const burstSeconds = round2((burst.endedAt - burst.startedAt) / 1000);
  return {
    name,
    figures: {
      ratio,
      readsAloneReqPerSec: Math.round(aloneRate),
      readsDuringBurstReqPerSec: Math.round(duringRate),
      readsDuringBurstP99Ms: during.p99,
      readErrors: during.errors,
      purges: {
        requests: burst.requests,
        errors: burst.errors,
        seconds: burstSeconds,
        reqPerSec: Math.round(burst.reqPerSec),
        connections: purgeConnections,
      },
    },
    target,
    pass: ratio >= 0.5 && during.errors === 0 && burst.errors === 0,
    summary:
      `${ratio} ×: reads ${Math.round(duringRate)} req/s during the burst, ${Math.round(aloneRate)} without (${loadSummary(alone)}); ` +
      `burst ${burst.requests} purges in ${burstSeconds} s on ${purgeConnections} connections, ${burst.errors} errors` +
      (during.endedAt < burst.endedAt
        ? ` (reads measured over its first ${round2((during.endedAt - burst.startedAt) / 1000)} s)`
        : ''),
  };
}
