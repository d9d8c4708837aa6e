// A read case measured against the bare server in the same run: rounds that alternate the bare node:http server
// sending the very bytes of the daemon's answer and the daemon itself, so both see the same machine. The target
// is a ratio of the two; absolute req/s on a shared machine are shown, never judged.
import { withCeilingServer } from './ceiling.mjs';
import { measuredLoad, probe, unavailable } from './cases.mjs';
import { sampleRss } from './daemon.mjs';
import { loadSummary } from './report.mjs';

export const round2 = (n) => Math.round(n * 100) / 100;

/** Several loads of one side as one: req/s over all of them, the median p50 and the worst p99. */
export function combine(loads) {
  const requests = loads.reduce((sum, l) => sum + l.requests, 0);
  const seconds = loads.reduce((sum, l) => sum + l.seconds, 0);
  const sorted = (key) => loads.map((l) => l[key]).sort((a, b) => a - b);
  const cpu = loads.filter((l) => l.cpuUsPerRequest !== undefined).map((l) => l.cpuUsPerRequest);
  const other = loads.map((l) => l.otherCpuPercent ?? 0);
  return {
    requests,
    seconds,
    reqPerSec: seconds > 0 ? requests / seconds : 0,
    p50: sorted('p50')[Math.floor(loads.length / 2)],
    p99: Math.max(...sorted('p99')),
    max: Math.max(...sorted('max')),
    errors: loads.reduce((sum, l) => sum + l.errors, 0),
    statusCodes: loads.map((l) => l.statusCodes),
    cpuUsPerRequest: cpu.length ? Math.round(cpu.reduce((a, b) => a + b, 0) / cpu.length) : undefined,
    otherCpuPercent: Math.max(...other),
  };
}

const figures = (load) => ({
  reqPerSec: Math.round(load.reqPerSec),
  p50Ms: load.p50,
  p99Ms: load.p99,
  maxMs: load.max,
  errors: load.errors,
  requests: load.requests,
  cpuUsPerRequest: load.cpuUsPerRequest ?? null,
  otherProcessesCpuPercent: load.otherCpuPercent ?? null,
});

/**
 * Loads `path` on the daemon and on a bare server answering the same bytes (and the same Content-Encoding), in
 * `rounds` alternating rounds. `ratio` is the lowest daemon/bare req/s that passes; `check(figures)` may add
 * conditions (RSS, p99), which `checkSays` names in the target. `sampleMemory` samples the daemon's RSS during its loads.
 */
export async function pairedReadCase({
  name,
  url,
  path,
  cookie,
  daemonPid,
  headers = {},
  ratio,
  rounds,
  check = () => true,
  checkSays = '',
  sampleMemory = false,
  spec = {},
}) {
  const target = `≥ ${ratio} × bare server, same bytes${checkSays ? `; ${checkSays}` : ''}`;
  const first = await probe(url, path, cookie, headers);
  if (first.status !== 200) return unavailable(name, target, `GET ${path} answered ${first.status}`);
  const daemonLoads = [];
  const bareLoads = [];
  const sampler = sampleMemory ? sampleRss(daemonPid) : null;
  await withCeilingServer(
    first.body,
    first.contentType,
    async (base, barePid) => {
      for (let r = 0; r < rounds; r++) {
        bareLoads.push(await measuredLoad(barePid, { ...spec, url: `${base}${path}`, headers }));
        daemonLoads.push(
          await measuredLoad(daemonPid, { ...spec, url: `${url}${path}`, headers: { cookie, ...headers } }),
        );
      }
    },
    first.contentEncoding,
  );
  const memory = sampler?.stop();
  const daemon = combine(daemonLoads);
  const bare = combine(bareLoads);
  const measured = {
    ratio: bare.reqPerSec > 0 ? round2(daemon.reqPerSec / bare.reqPerSec) : 0,
    daemon: figures(daemon),
    bare: figures(bare),
    rounds,
    bodyBytes: first.body.length,
    contentEncoding: first.contentEncoding,
    ...(memory ? { rssMaxMb: Math.round(memory.maxMb) } : {}),
  };
  const clean = daemon.errors === 0 && daemon.requests > 0 && bare.requests > 0;
  let summary = `${measured.ratio} × bare; daemon ${loadSummary(daemon)}; bare ${loadSummary(bare)}`;
  if (memory) summary += `; RSS max ${measured.rssMaxMb} MB`;
  if (first.contentEncoding) summary += ` (${first.contentEncoding}, ${(first.body.length / 1024).toFixed(0)} KB)`;
  return { name, figures: measured, target, pass: clean && measured.ratio >= ratio && check(measured), summary };
}
