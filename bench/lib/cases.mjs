// The cases of issue 9, each answering { name, figures, target, pass, summary } (available: false when the
// endpoint or command does not exist yet).
import { runLoad } from './load.mjs';
import { loadSummary } from './report.mjs';
import { scryptSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { get as httpGet } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import { withCeilingServer } from './ceiling.mjs';
import { CDNCTL, cpuSeconds, machineBusySeconds } from './daemon.mjs';
import { medianWallTimes } from './timing.mjs';
import { spawnWithJsonLine, stopChild } from './processes.mjs';

/** A load run counts only when it completed requests and none failed. */
const clean = (load) => load.requests > 0 && load.errors === 0;

/** A case that could not run: why, instead of figures. */
export function unavailable(name, target, why) {
  return { name, figures: null, target, pass: false, available: false, summary: `not available: ${why}` };
}

/**
 * Fetches `path` once, as the load generator will (same headers): { status, body (the bytes on the wire,
 * Buffer), contentType, contentEncoding }.
 */
export function probe(url, path, cookie, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${url}${path}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          body: Buffer.concat(chunks),
          contentType: response.headers['content-type'] ?? 'application/json; charset=utf-8',
          contentEncoding: response.headers['content-encoding'] ?? null,
        }),
      );
    });
    request.on('error', reject);
  });
}

/**
 * Runs a load and measures the CPU time the daemon spent per request (warm-up included on both sides): a figure
 * that, unlike req/s, barely moves when other work shares the machine.
 */
export async function measuredLoad(daemonPid, spec) {
  const before = daemonPid ? cpuSeconds(daemonPid) : null;
  const busyBefore = machineBusySeconds();
  const harnessBefore = process.cpuUsage();
  const started = performance.now();
  const load = await runLoad(spec);
  const after = daemonPid ? cpuSeconds(daemonPid) : null;
  const served = load.requests + load.warmupRequests;
  if (before !== null && after !== null && served > 0)
    load.cpuUsPerRequest = Math.round(((after - before) * 1e6) / served);
  const busyAfter = machineBusySeconds();
  if (before !== null && after !== null && busyBefore !== null && busyAfter !== null) {
    // What the rest of the machine used meanwhile (other processes): their share lowers every figure here.
    const harness = process.cpuUsage(harnessBefore);
    const ours = after - before + load.cpuSeconds + (harness.user + harness.system) / 1e6;
    const capacity = ((performance.now() - started) / 1000) * availableParallelism();
    load.otherCpuPercent = Math.max(0, Math.round(((busyAfter - busyBefore - ours) / capacity) * 100));
  }
  return load;
}

export const figuresOf = (load) => ({
  reqPerSec: Math.round(load.reqPerSec),
  p50Ms: load.p50,
  p99Ms: load.p99,
  maxMs: load.max,
  errors: load.errors,
  requests: load.requests,
  statusCodes: load.statusCodes,
  daemonCpuUsPerRequest: load.cpuUsPerRequest ?? null,
  otherProcessesCpuPercent: load.otherCpuPercent ?? null,
});

/** POST user/current/jobs: every request a distinct, valid purge. */
export async function purgeCase({ url, cookie, dsId, daemonPid }) {
  const name = 'POST /api/1.2/user/current/jobs';
  const target = '≥ 0.1 × bare server answering the same bytes (was ≥ 2,000 req/s beside ~20,000)';
  const base = { dsId, ttl: 24, startTime: new Date().toISOString().replace('T', ' ').slice(0, 19) };
  const probeResponse = await fetch(`${url}/api/1.2/user/current/jobs`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ ...base, regex: '/bench/probe\\.png' }),
  });
  const answer = Buffer.from(await probeResponse.arrayBuffer());
  if (probeResponse.status !== 200) return unavailable(name, target, `POST answered ${probeResponse.status}`);
  const spec = { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, purgeBody: base };
  const bare = await withCeilingServer(answer, 'application/json; charset=utf-8', (base, pid) =>
    measuredLoad(pid, { ...spec, url: `${base}/api/1.2/user/current/jobs` }),
  );
  const load = await measuredLoad(daemonPid, { ...spec, url: `${url}/api/1.2/user/current/jobs` });
  const ratio = Math.round((load.reqPerSec / bare.reqPerSec) * 100) / 100;
  return {
    name,
    figures: { ratio, ...figuresOf(load), bare: figuresOf(bare) },
    target,
    pass: clean(load) && ratio >= 0.1,
    summary: `${ratio} × bare; ${loadSummary(load)}; bare ${loadSummary(bare)}`,
  };
}

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const CEILING_SECONDS = 2;

/**
 * What this machine can hash at most: Traffic Ops' scrypt on every core at once, nothing else running
 * (logins/s), measured, not multiplied: cores that share caches or memory bandwidth (or are hyperthreads of one
 * core) hash far less together than each alone (here 2 × 26 alone, 43 together).
 */
async function scryptCeiling() {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    scryptSync('password', Buffer.alloc(16), 64, SCRYPT);
    times.push(performance.now() - started);
  }
  const ms = times.sort((a, b) => a - b)[1];
  const cores = availableParallelism();
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { scryptSync } = require('node:crypto');
    const until = performance.now() + workerData.seconds * 1000;
    let hashes = 0;
    while (performance.now() < until) { scryptSync('password', Buffer.alloc(16), 64, workerData.params); hashes++; }
    parentPort.postMessage(hashes);`;
  const started = performance.now();
  const counts = await Promise.all(
    Array.from({ length: cores }, () => {
      const worker = new Worker(code, { eval: true, workerData: { seconds: CEILING_SECONDS, params: SCRYPT } });
      return new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const hashes = counts.reduce((a, b) => a + b, 0);
  return { msPerHash: Math.round(ms * 10) / 10, cores, loginsPerSec: Math.round(hashes / seconds) };
}

/**
 * Makes the daemon on `dataDir` (not started yet) trust X-Forwarded-For from loopback, as behind a local reverse
 * proxy (`trustProxy` in its config.json): the login case's simulated clients then count as the distinct
 * addresses they name. Every load comes from 127.0.0.1, and since issue 19 the daemon bounds the logins in
 * flight per client address (4), so without this all but four of the case's connections were answered 429.
 */
export function trustLoopbackProxy(dataDir) {
  writeFileSync(join(dataDir, 'config.json'), `${JSON.stringify({ trustProxy: ['127.0.0.1'] })}\n`, { mode: 0o600 });
}

/** Concurrent logins: half of the 32 the daemon's login gate lets in flight (daemon/security/login-gate.ts). */
const LOGIN_CONNECTIONS = 16;

const CEILING_LOGIN_SERVER = fileURLToPath(new URL('../ceiling-login-server.mjs', import.meta.url));

/**
 * POST user/login (scrypt) under load while a second autocannon process reads GET origins at a steady rate, on
 * the daemon and, in alternating rounds, on a bare server that only hashes on every core and answers fixed
 * bytes (bench/ceiling-login-server.mjs): the machine's scrypt ceiling with the same two loads and the same load
 * generators beside it. Logins must reach 0.85 × that ceiling and the daemon's readers' p99 stay within 25 ms.
 * Logins take turns over many users (one user's failed attempts are capped by the login limit, as a guessing
 * defence), each connection from an address of its own (the daemon must trust loopback as a proxy:
 * trustLoopbackProxy).
 */
export async function loginUnderLoadCase({ url, cookie, usernames, password, readPath, reads, rounds = 2 }) {
  const name = 'POST /api/1.2/user/login (scrypt) + concurrent GET';
  const target = "logins ≥ 0.85 × the machine's scrypt ceiling (bare server, same loads); GET p99 ≤ 25 ms";
  const alone = await scryptCeiling();
  const first = await probe(url, readPath, cookie);
  if (first.status !== 200) return unavailable(name, target, `GET ${readPath} answered ${first.status}`);
  const both = (base, headers) =>
    Promise.all([
      runLoad({
        url: `${base}/api/1.2/user/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // One address per connection (X-Forwarded-For through the trusted loopback proxy: trustLoopbackProxy).
        logins: { usernames, password, forwardedFor: true },
        // The daemon answers 503 beyond 32 logins in flight in all; no warm-up, whose connections would leave
        // their logins hashing when the measured ones start. Far more than the cores keep scrypt busy.
        connections: LOGIN_CONNECTIONS,
        warmup: 0,
      }),
      runLoad({ url: `${base}${readPath}`, headers, overallRate: reads.rate, connections: reads.connections }),
    ]);
  const daemonRounds = [];
  const bareRounds = [];
  const dir = mkdtempSync(join(tmpdir(), 'cdnctl-bench-login-'));
  writeFileSync(join(dir, 'body'), first.body);
  const bare = await spawnWithJsonLine(CEILING_LOGIN_SERVER, [join(dir, 'body')]);
  try {
    for (let r = 0; r < rounds; r++) {
      bareRounds.push(await both(`http://127.0.0.1:${bare.value.port}`, {}));
      daemonRounds.push(await both(url, { cookie }));
    }
  } finally {
    await stopChild(bare.child);
    rmSync(dir, { recursive: true, force: true });
  }
  const logins = sumLoads(daemonRounds.map(([l]) => l));
  const gets = sumLoads(daemonRounds.map(([, g]) => g));
  const ceiling = sumLoads(bareRounds.map(([l]) => l));
  const ratio = ceiling.reqPerSec > 0 ? Math.round((logins.reqPerSec / ceiling.reqPerSec) * 100) / 100 : 0;
  const pass = clean(logins) && clean(gets) && clean(ceiling) && ratio >= 0.85 && gets.p99 <= 25;
  return {
    name,
    figures: {
      ratio,
      login: figuresOf(logins),
      get: { ...figuresOf(gets), path: readPath, offeredRate: reads.rate, connections: reads.connections },
      ceiling: figuresOf(ceiling),
      scrypt: alone,
      rounds,
    },
    target,
    pass,
    summary:
      `${ratio} × ceiling: login ${loadSummary(logins)}; GET ${loadSummary(gets)}; ` +
      `bare server's logins ${Math.round(ceiling.reqPerSec)}/s under the same loads ` +
      `(scrypt ${alone.msPerHash} ms/hash alone; ${alone.loginsPerSec} hashes/s on all ${alone.cores} cores with nothing else running)`,
  };
}

/** Several loads of one kind as one: requests over seconds, the median p50, the worst p99, all errors. */
function sumLoads(loads) {
  const requests = loads.reduce((sum, l) => sum + l.requests, 0);
  const seconds = loads.reduce((sum, l) => sum + l.seconds, 0);
  const p50s = loads.map((l) => l.p50).sort((a, b) => a - b);
  return {
    ...loads[0],
    requests,
    seconds,
    reqPerSec: seconds > 0 ? requests / seconds : 0,
    p50: p50s[Math.floor(p50s.length / 2)],
    p99: Math.max(...loads.map((l) => l.p99)),
    max: Math.max(...loads.map((l) => l.max)),
    errors: loads.reduce((sum, l) => sum + l.errors, 0),
  };
}

/** `cdnctl --version` against `node -e 0`, alternated, median of `runs`. */
export async function versionCase(runs) {
  const [cli, bare] = await medianWallTimes(
    [
      { command: process.execPath, args: [CDNCTL, '--version'] },
      { command: process.execPath, args: ['-e', '0'] },
    ],
    runs,
  );
  const ratio = Math.round((cli.medianMs / bare.medianMs) * 100) / 100;
  return {
    name: 'cdnctl --version wall time',
    figures: { ratio, cliMedianMs: cli.medianMs, nodeMedianMs: bare.medianMs, runs },
    target: '≤ 1.5 × node -e 0',
    pass: cli.last.code === 0 && ratio <= 1.5,
    summary: `${cli.medianMs} ms vs node -e 0 ${bare.medianMs} ms = ${ratio} ×`,
  };
}

/** `cdnctl origins list -o json` against the running daemon, median of `runs`. */
export async function cliOriginsCase({ url, cookie, configDir, runs }) {
  const name = 'cdnctl origins list -o json';
  const target = '≤ 2.5 × node -e 0';
  const env = {
    ...process.env,
    CDNCTL_SERVER: url,
    CDNCTL_SESSION: cookie.slice(cookie.indexOf('=') + 1),
    CDNCTL_CONFIG_DIR: configDir,
    NO_COLOR: '1',
  };
  const command = { command: process.execPath, args: [CDNCTL, 'origins', 'list', '-o', 'json', '--server', url], env };
  const [first] = await medianWallTimes([command], 1);
  if (first.last.code !== 0) {
    const said = first.last.stderr.trim().split('\n')[0] || `exit ${first.last.code}`;
    return unavailable(name, target, `the command failed: ${said}`);
  }
  const [timed, bare] = await medianWallTimes([command, { command: process.execPath, args: ['-e', '0'] }], runs);
  const ratio = Math.round((timed.medianMs / bare.medianMs) * 100) / 100;
  let count = null;
  try {
    count = JSON.parse(timed.last.stdout).length;
  } catch {
    return { ...unavailable(name, target, 'its output is not JSON'), available: true };
  }
  return {
    name,
    figures: { ratio, medianMs: timed.medianMs, minMs: timed.minMs, nodeMedianMs: bare.medianMs, runs, origins: count },
    target,
    pass: ratio <= 2.5,
    summary: `${ratio} ×: median ${timed.medianMs} ms vs node -e 0 ${bare.medianMs} ms (${count} origins)`,
  };
}

/** Daemon cold start: spawn to the first 200 of ping (the daemon process; the foreground CLI for reference). */
export function coldStartCase(result) {
  const { daemon, foreground } = result;
  return {
    name: 'daemon cold start to first 200',
    figures: result,
    target: '≤ 1 s',
    pass: daemon.medianMs <= 1000,
    summary:
      `median ${daemon.medianMs} ms (min ${daemon.minMs}, ${daemon.cpuMedianMs} ms CPU, ${result.runs} runs); ` +
      `via cdnctl daemon start --foreground ${foreground.medianMs} ms`,
  };
}
