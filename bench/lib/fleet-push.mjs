// `--only fleet`, the push cases (issue 32, "push instead of polling"): issue 32's CDN (3,000 caches: per CDN 100
// MIDs in 10 groups over 1,400 EDGEs in 140 groups) on one daemon, and 3,000 simulated agents in this process, each
// holding update_status's long-poll as the real agent does (?wait=…&since=<token>) and checking in when told.
//   idle:  daemon CPU while all 3,000 hold their connection (each re-arms when its wait ends), target ≤ 5 % of a core;
//   purge: one purge per CDN (every cache flagged), acknowledged by all 3,000 tier by tier (an EDGE only once its
//          parents have: parent_reval_pending), target ≤ 2 s from the purge to the last check-in.
// The simulated agents check in as `fleet-agent`, an ORT login bound to every cache (as each real agent is to its
// own), so a check-in is the agent's write (no change-log line, which an admin's check-in adds). They wait `IDLE_WAIT_S` per request, the agent's default (--push-wait 60s): over the idle window every
// agent re-arms once, 50 requests/s for 3,000.
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { ADMIN_PASSWORD, cpuSeconds, login, startDaemon } from './daemon.mjs';
import { CONFIGGEN, configgenDataSet, dsName, edgeHost, midHost } from './configgen-data.mjs';
import { seedDataDir } from './seed.mjs';

const IDLE_WAIT_S = 60;
const IDLE_TARGET_PERCENT = 5;
const PURGE_TARGET_MS = 2000;
const round1 = (n) => Math.round(n * 10) / 10;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every cache of the data set with its tier. */
function caches() {
  const list = [];
  for (let c = 1; c <= CONFIGGEN.cdns; c++) {
    for (let g = 1; g <= CONFIGGEN.midGroupsPerCdn; g++)
      for (let i = 1; i <= CONFIGGEN.cachesPerGroup; i++) list.push({ host: midHost(c, g, i), tier: 'mid' });
    for (let g = 1; g <= CONFIGGEN.edgeGroupsPerCdn; g++)
      for (let i = 1; i <= CONFIGGEN.cachesPerGroup; i++) list.push({ host: edgeHost(c, g, i), tier: 'edge' });
  }
  return list;
}

/** One HTTP exchange on the shared keep-alive pool: { status, headers, body }. */
function exchange(pool, url, method, path, cookie, body) {
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    const headers = { cookie };
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const req = request(target, { method, agent: pool, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A simulated agent: holds the long-poll; when its status says a revalidation is pending and its parents have
 * applied theirs, checks in (reval_updated=false, with the read time as reval_started) and asks again at once.
 */
async function simulate(cache, fleet) {
  let since;
  while (!fleet.stopped) {
    const query = `wait=${fleet.waitS}s${since === undefined ? '' : `&since=${encodeURIComponent(since)}`}`;
    const path = `/api/1.3/servers/${cache.host}/update_status?${query}`;
    let answer;
    try {
      answer = await exchange(fleet.pool, fleet.url, 'GET', path, fleet.cookie);
    } catch (err) {
      if (fleet.stopped) return;
      answer = { status: 0, error: err.message };
    }
    // As the real agent: a refused or dropped request is tried again after a pause (a busy daemon answers 408
    // to a connection whose request it did not read in time), asking at once (no since).
    if (answer.status === 0 || answer.status === 408 || answer.status === 503) {
      fleet.retries++;
      since = undefined;
      await sleep(1000 + Math.random() * 1000);
      continue;
    }
    fleet.requests++;
    if (answer.status !== 200) {
      fleet.errors.push(`update_status ${answer.status}`);
      return;
    }
    if (since === undefined) fleet.connected.add(cache.host);
    since = await actOn(cache, fleet, answer);
  }
}

/** Checks in when the answer asks for it (answers undefined: ask again at once), else answers the token. */
async function actOn(cache, fleet, answer) {
  const [status] = JSON.parse(answer.body);
  if (!status?.reval_pending || status.parent_reval_pending) return answer.headers['x-cdnctl-status-token'];
  const form = `updated=${status.upd_pending}&reval_updated=false&reval_started=${answer.headers['x-cdnctl-read-time']}`;
  const post = () => exchange(fleet.pool, fleet.url, 'POST', `/update/${cache.host}`, fleet.cookie, form);
  let done;
  try {
    done = await post();
  } catch {
    // A kept-alive socket the daemon closed as it was reused: once more on a new one, as an HTTP client does.
    fleet.retries++;
    done = await post().catch((err) => ({ status: 0, body: err.message }));
  }
  if (done.status !== 200) fleet.errors.push(`check-in ${done.status}`);
  else cache.ackedAt = performance.now();
  return undefined;
}

/** Starts the agents as a fleet comes up: `batch` every `everyMs`, not 3,000 connections in one instant. */
async function startAll(fleet, batch = 100, everyMs = 100) {
  const running = [];
  for (let i = 0; i < fleet.caches.length; i += batch) {
    for (const cache of fleet.caches.slice(i, i + batch)) running.push(simulate(cache, fleet));
    await sleep(everyMs);
  }
  return running;
}

async function until(check, what, ms) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

function idleCase(fleet, cpuMs, windowMs, requests) {
  const percent = round1((cpuMs / windowMs) * 100);
  return {
    name: `push: ${fleet.caches.length.toLocaleString('en-US')} agents holding update_status's long-poll, idle`,
    figures: {
      agents: fleet.caches.length,
      windowMs,
      cpuMs: round1(cpuMs),
      percentOfCore: percent,
      requests,
      waitS: fleet.waitS,
    },
    target: `daemon CPU ≤ ${IDLE_TARGET_PERCENT} % of one core (issue 32)`,
    pass: percent <= IDLE_TARGET_PERCENT,
    summary: `${percent} % of a core over ${round1(windowMs / 1000)} s (${requests} re-armed waits of ${fleet.waitS} s)`,
  };
}

function purgeFigures(fleet, startedAt) {
  const at = (tier) => fleet.caches.filter((c) => c.tier === tier).map((c) => c.ackedAt - startedAt);
  const mids = at('mid');
  const edges = at('edge');
  const lastMid = Math.max(...mids);
  const firstEdge = Math.min(...edges);
  const all = Math.max(lastMid, ...edges);
  return {
    caches: fleet.caches.length,
    firstMidMs: round1(Math.min(...mids)),
    lastMidMs: round1(lastMid),
    firstEdgeMs: round1(firstEdge),
    lastEdgeMs: round1(Math.max(...edges)),
    allMs: round1(all),
    midsBeforeFirstEdge: mids.filter((ms) => ms <= firstEdge).length,
  };
}

async function purgeCase(fleet, daemon) {
  for (const cache of fleet.caches) cache.ackedAt = undefined;
  const cpuBefore = cpuSeconds(daemon.pid);
  const startedAt = performance.now();
  for (let c = 1; c <= CONFIGGEN.cdns; c++) {
    const response = await fetch(`${fleet.url}/api/1.2/user/current/jobs`, {
      method: 'POST',
      headers: { cookie: fleet.admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        dsId: fleet.dsIds[c - 1],
        regex: '/fleet-push/.*',
        ttl: 1,
        startTime: new Date().toISOString().replace('T', ' ').slice(0, 19),
      }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`purge answered ${response.status}`);
  }
  await until(() => fleet.caches.every((c) => c.ackedAt !== undefined), 'every agent to acknowledge the purge', 60_000);
  const f = { ...purgeFigures(fleet, startedAt), daemonCpuMs: round1((cpuSeconds(daemon.pid) - cpuBefore) * 1000) };
  return {
    name: `push: a purge acknowledged by all ${f.caches.toLocaleString('en-US')} agents, tier by tier`,
    figures: f,
    target: `≤ ${PURGE_TARGET_MS} ms from the purge to the last check-in (issue 32)`,
    pass: f.allMs <= PURGE_TARGET_MS,
    summary:
      `all in ${f.allMs} ms; MIDs ${f.firstMidMs}–${f.lastMidMs} ms, EDGEs ${f.firstEdgeMs}–${f.lastEdgeMs} ms ` +
      `(${f.midsBeforeFirstEdge} MIDs had acknowledged before the first EDGE); daemon CPU ${f.daemonCpuMs} ms`,
  };
}

async function dsIdsOf(url, cookie) {
  const ids = [];
  for (let c = 1; c <= CONFIGGEN.cdns; c++) {
    const response = await fetch(`${url}/api/1.3/deliveryservices?xmlId=${dsName(c, 1)}`, { headers: { cookie } });
    const body = await response.json();
    ids.push(body.response[0].id);
  }
  return ids;
}

async function measureIdle(fleet, daemon) {
  await sleep(1000);
  const requests = fleet.requests;
  const before = cpuSeconds(daemon.pid);
  const started = performance.now();
  await sleep(fleet.waitS * 1000);
  const cpuMs = (cpuSeconds(daemon.pid) - before) * 1000;
  return idleCase(fleet, cpuMs, performance.now() - started, fleet.requests - requests);
}

const AGENT = { username: 'fleet-agent', password: 'Fl33t-Ag3nt-Passw0rd!' };

/** The data set with one ORT login bound to every cache as its agent. */
function withFleetAgent(doc) {
  const user = { username: AGENT.username, email: 'fleet-agent@bench.test', fullName: 'fleet agent', role: 'ort' };
  doc.users = [...(doc.users ?? []), { ...user, tenant: 'root', localPassword: AGENT.password }];
  for (const server of doc.servers) server.agents = [AGENT.username];
  return doc;
}

/** The phase: seed, start the daemon (maxConnections raised for 3,000 agents), connect them, measure, stop. */
export async function fleetPushPhase({ add, say, scratch }) {
  const seeding = Date.now();
  const dataDir = await seedDataDir('fleet-push', withFleetAgent(configgenDataSet()));
  scratch.push(dataDir);
  writeFileSync(join(dataDir, 'config.json'), `${JSON.stringify({ maxConnections: 8000 })}\n`, { mode: 0o600 });
  say(`fleet push: data set loaded in ${round1((Date.now() - seeding) / 1000)} s`);
  const daemon = await startDaemon(dataDir);
  let stderr = '';
  daemon.child.stderr?.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  const pool = new Agent({ keepAlive: true, maxSockets: Infinity });
  const fleet = {
    caches: caches(),
    pool,
    url: daemon.url,
    waitS: IDLE_WAIT_S,
    stopped: false,
    requests: 0,
    retries: 0,
    errors: [],
    connected: new Set(),
  };
  try {
    const admin = await login(daemon.url, 'admin', ADMIN_PASSWORD);
    fleet.dsIds = await dsIdsOf(daemon.url, admin);
    fleet.admin = admin;
    fleet.cookie = await login(daemon.url, AGENT.username, AGENT.password);
    const running = await startAll(fleet);
    await until(
      () => fleet.connected.size === fleet.caches.length || fleet.errors.length > 0,
      'every agent to connect',
      120_000,
    );
    if (fleet.errors.length > 0)
      throw new Error(
        `agents failed (${fleet.errors.length}, ${fleet.connected.size} connected): ${fleet.errors.slice(0, 3).join('; ')}; ` +
          `daemon exit ${daemon.child.exitCode}: ${stderr.trim()}`,
      );
    say(`fleet push: ${fleet.connected.size} agents connected (${fleet.retries} requests tried again)`);
    add(await measureIdle(fleet, daemon));
    add(await purgeCase(fleet, daemon));
    fleet.stopped = true;
    pool.destroy();
    await Promise.all(running);
  } finally {
    fleet.stopped = true;
    pool.destroy();
    await daemon.stop();
  }
}
