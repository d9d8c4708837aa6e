// The cases of issue 9, each answering { name, figures, target, pass, summary } (available: false when the
// endpoint or command does not exist yet).
import { runLoad } from './load.mjs';
import { loadSummary } from './report.mjs';
import { scryptSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { get as httpGet } from 'node:http';
import { availableParallelism } from 'node:os';
import { withCeilingServer } from './ceiling.mjs';
import { CDNCTL, cpuSeconds, machineBusySeconds } from './daemon.mjs';
import { medianWallTimes } from './timing.mjs';

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
  if (before !== null && after !== null && served > 0) load.cpuUsPerRequest = Math.round(((after - before) * 1e6) / served);
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

/** What this machine can hash at most: Traffic Ops' scrypt on every core, nothing else running (logins/s). */
function scryptCeiling() {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    scryptSync('password', Buffer.alloc(16), 64, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    times.push(performance.now() - started);
  }
  const ms = times.sort((a, b) => a - b)[1];
  return { msPerHash: Math.round(ms * 10) / 10, loginsPerSec: Math.round((availableParallelism() * 1000) / ms) };
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

/**
 * POST user/login (scrypt) under load while a second autocannon process reads GET origins at a steady rate:
 * logins must reach 0.85 × the scrypt ceiling measured here and the readers' p99 stay within 25 ms. Logins take
 * turns over many users (one user's failed attempts are capped by the login limit, as a guessing defence), each
 * connection from an address of its own (the daemon must trust loopback as a proxy: trustLoopbackProxy).
 */
export async function loginUnderLoadCase({ url, cookie, usernames, password, readPath, reads }) {
  const name = 'POST /api/1.2/user/login (scrypt) + concurrent GET';
  const target = "logins ≥ 0.85 × the machine's scrypt ceiling; GET p99 ≤ 25 ms";
  const ceiling = scryptCeiling();
  const [logins, gets] = await Promise.all([
    runLoad({
      url: `${url}/api/1.2/user/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // One address per connection (X-Forwarded-For through the trusted loopback proxy: trustLoopbackProxy).
      logins: { usernames, password, forwardedFor: true },
      // The daemon answers 503 beyond LOGIN_CONNECTIONS logins in flight in all; no warm-up, whose connections
      // would leave their logins hashing when the measured ones start. Far more than the cores keep scrypt busy.
      connections: LOGIN_CONNECTIONS,
      warmup: 0,
    }),
    runLoad({ url: `${url}${readPath}`, headers: { cookie }, overallRate: reads.rate, connections: reads.connections }),
  ]);
  const ratio = Math.round((logins.reqPerSec / ceiling.loginsPerSec) * 100) / 100;
  const pass = clean(logins) && clean(gets) && ratio >= 0.85 && gets.p99 <= 25;
  return {
    name,
    figures: {
      ratio,
      login: figuresOf(logins),
      get: { ...figuresOf(gets), path: readPath, offeredRate: reads.rate, connections: reads.connections },
      scrypt: ceiling,
    },
    target,
    pass,
    summary:
      `${ratio} × ceiling: login ${loadSummary(logins)}; GET ${loadSummary(gets)}; ` +
      `(scrypt ${ceiling.msPerHash} ms/hash: at most ${ceiling.loginsPerSec} logins/s on all cores)`,
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
