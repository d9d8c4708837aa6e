import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ApiError } from '../../shared/client/errors.js';
import { createJob, listAllJobs } from '../../shared/client/jobs.js';
import { listOrigins } from '../../shared/client/origins.js';
import { jobPropagation, listServers, setServerStatus } from '../../shared/client/servers.js';
import { startRig, type Rig, type RigCache } from '../helpers/ats/cdn-rig.js';
import { startClientLoop, type ClientLoop } from '../helpers/ats/client-loop.js';
import { getVia } from '../helpers/ats/http-get.js';
import { startOrigin, type Origin } from '../helpers/ats/origin.js';

/*
 * Issue 32, correctness under churn: one MID over two EDGE cache groups (one EDGE each), real ATS, clients asking
 * through both EDGEs all along, and N random operations (seeded; the seed is printed, CDNCTL_CHURN_SEED replays
 * it): purges, origin changes, server status changes (REPORTED ↔ ADMIN_DOWN, of either tier), an agent stopped and
 * started again, the daemon restarted.
 * After each, the running agents make passes (all at once, in a random order, until none has anything left to
 * apply), then: no client request has failed, and no cache serves a purged object older than a purge the API
 * (jobs/:id/propagation) reports as applied there. N is 100 with CDNCTL_CHURN=full, 8 by default (each change of
 * remap.config costs ATS 9.2 one to six seconds to read: remap-reload-ats.test.ts).
 */

const HOST = 'cdn.demo.cdn.test';
const ORIGINS = { a: 'origin-a.test', b: 'origin-b.test' } as const;
type OriginName = keyof typeof ORIGINS;
const SEED = Number(process.env.CDNCTL_CHURN_SEED ?? Math.floor(Math.random() * 2 ** 31));
const N = Number(process.env.CDNCTL_CHURN_N ?? (process.env.CDNCTL_CHURN === 'full' ? 100 : 8));
/** How long ATS may take to read a reloaded regex_revalidate.config (traffic_manager's 5 s sync + 1 s + 0.5 s). */
const RULE_READ_MS = 8000;

/** mulberry32: a small seeded generator, so a failing sequence can be replayed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const shuffle = <T>(items: readonly T[]): T[] =>
  items
    .map((item) => ({ item, key: random() }))
    .sort((x, y) => x.key - y.key)
    .map((x) => x.item);

interface Purge {
  jobId: number;
  origin: OriginName;
  path: string;
  version: number;
}

let rig: Rig;
let clients: ClientLoop;
const origins = {} as Record<OriginName, Origin>;
let current: OriginName = 'a';
const stopped = new Set<string>();
const statuses = new Map<string, string>();
const purges = new Map<string, Purge>();
const done: string[] = [];
const ids = { ds: 0, servers: new Map<string, number>() };

const urlOf = (name: OriginName) => `http://${ORIGINS[name]}:${origins[name].port}`;
const versionOf = (body: string) => Number(/ v(\d+)\n$/.exec(body)?.[1] ?? 0);
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

beforeAll(async () => {
  origins.a = await startOrigin('a');
  origins.b = await startOrigin('b');
  rig = await startRig({
    edgeGroups: [
      { name: 'edge-east', edges: 1 },
      { name: 'edge-west', edges: 1 },
    ],
    originUrl: urlOf('a'),
    hostNames: Object.values(ORIGINS),
  });
  for (const s of (await listServers(rig.admin)).response) {
    ids.servers.set(s.hostName, s.id);
    statuses.set(s.hostName, s.status);
  }
  const [primary] = (await listOrigins(rig.admin, { primary: true })).response;
  ids.ds = primary!.deliveryServiceId;
  clients = startClientLoop(
    rig.edges().map((e) => e.ats.port),
    HOST,
  );
}, 120_000);

afterAll(async () => {
  await clients?.stop();
  await rig?.stop();
  await origins.a?.close();
  await origins.b?.close();
  console.log(`churn seed ${SEED} (CDNCTL_CHURN_SEED=${SEED} replays it), ${N} operations:\n  ${done.join('\n  ')}`);
});

async function purge(): Promise<string> {
  const path = `/p/${Math.floor(random() * 3)}`;
  // The caches hold the object first (each EDGE asks, the MID with it), then the origin has a new one.
  for (const edge of rig.edges()) await getVia(edge.ats.port, HOST, path);
  origins[current].bump(path);
  await createJob(rig.admin, { dsId: String(ids.ds), regex: path, startTime: utc(Date.now()), ttl: 1 });
  const jobs = (await listAllJobs(rig.admin, { deliveryService: 'demo' })).response;
  const jobId = Math.max(...jobs.map((j) => j.id));
  purges.set(`${current} ${path}`, { jobId, origin: current, path, version: versionOf(origins[current].body(path)) });
  return `purge ${path} on ${current} (job ${jobId})`;
}

/** `cdnctl origins update` of the primary origin, then `cdnctl cdns queue`. */
async function moveOrigin(): Promise<string> {
  const to: OriginName = current === 'a' ? 'b' : 'a';
  await rig.moveOrigin(ORIGINS[to], origins[to].port);
  current = to;
  return `origin → ${to}`;
}

async function status(): Promise<string> {
  const host = pick([...rig.caches.keys()]);
  const next = statuses.get(host) === 'ADMIN_DOWN' ? 'REPORTED' : 'ADMIN_DOWN';
  try {
    await setServerStatus(rig.admin, ids.servers.get(host)!, next, next === 'ADMIN_DOWN' ? 'churn' : undefined);
  } catch (err) {
    // Traffic Ops' rule: the last ONLINE/REPORTED cache of an active delivery service keeps serving it.
    if (err instanceof ApiError && err.status >= 400 && err.status < 500)
      return `${host} ${next} refused: ${err.message}`;
    throw err;
  }
  statuses.set(host, next);
  return `${host} ${next}`;
}

async function agent(): Promise<string> {
  if (stopped.size > 0 && random() < 0.6) {
    const host = pick([...stopped]);
    stopped.delete(host);
    rig.restartAgent(host);
    return `agent of ${host} started again`;
  }
  const host = pick([...rig.caches.keys()].filter((h) => !stopped.has(h)));
  stopped.add(host);
  return `agent of ${host} stopped`;
}

async function daemon(): Promise<string> {
  await rig.restartDaemon();
  return 'daemon restarted';
}

const OPERATIONS: Array<[() => Promise<string>, number]> = [
  [purge, 4],
  [moveOrigin, 2],
  [status, 2],
  [agent, 2],
  [daemon, 1],
];

function operation(): () => Promise<string> {
  const total = OPERATIONS.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [op, w] of OPERATIONS) if ((r -= w) < 0) return op;
  return purge;
}

/** One pass of each kind; a failed pass (the daemon just restarted) counts as work left. */
async function passes(host: string): Promise<boolean> {
  try {
    const syncds = await rig.pass(host, 'syncds');
    const revalidate = await rig.pass(host, 'revalidate');
    return syncds.reported || revalidate.reported;
  } catch {
    return true;
  }
}

/** The running agents pass, all at once in a random order, until a round in which none applied anything. */
async function settle(): Promise<number> {
  for (let round = 1; round <= 8; round++) {
    const running = shuffle([...rig.caches.keys()].filter((h) => !stopped.has(h)));
    const worked = await Promise.all(running.map((h) => passes(h)));
    if (!worked.some(Boolean)) return round;
  }
  throw new Error(`the agents did not settle:\n${[...rig.caches.values()].flatMap((c) => c.log.slice(-8)).join('\n')}`);
}

/** What `cache` answers for `path` of origin `name` (an EDGE by the service's name, the MID by the origin's). */
async function through(cache: RigCache, name: OriginName, path: string): Promise<number> {
  const host = cache.tier === 'edge' ? HOST : `${ORIGINS[name]}:${origins[name].port}`;
  return versionOf((await getVia(cache.ats.port, host, path)).body);
}

/** Whether the cache's applied remap.config maps origin `name` (an EDGE not yet moved still maps the old one). */
const maps = (cache: RigCache, name: OriginName) =>
  readFileSync(join(cache.ats.configDir, 'remap.config'), 'utf8').includes(` ${urlOf(name)}/`);

/**
 * Purges the API reports applied on a cache that maps the purged origin and still serves an older object. A purge is
 * of its origin's URLs (the job's assetUrl), as in Traffic Control: it says nothing of the other origin's objects.
 */
async function stalePurges(): Promise<string[]> {
  const stale: string[] = [];
  for (const p of purges.values()) {
    const tiers = (await jobPropagation(rig.admin, p.jobId)).response.tiers;
    const pending = new Set(tiers.flatMap((t) => t.pendingHosts));
    for (const cache of [...rig.caches.values()].filter((c) => !pending.has(c.host) && maps(c, p.origin))) {
      const deadline = Date.now() + RULE_READ_MS;
      let seen = await through(cache, p.origin, p.path);
      while (seen < p.version && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        seen = await through(cache, p.origin, p.path);
      }
      if (seen < p.version)
        stale.push(`${cache.host} serves ${p.origin} ${p.path} v${seen} after job ${p.jobId} (v${p.version})`);
    }
  }
  return stale;
}

test(`${N} random operations on a MID over two EDGE groups: no client request fails, no purge applied is stale`, async () => {
  const started = Date.now();
  for (let i = 1; i <= N; i++) {
    const at = Date.now();
    const what = await operation()();
    const rounds = await settle();
    const stale = await stalePurges();
    done.push(`${i}. ${what}: ${rounds} round(s), ${Date.now() - at} ms`);
    const failed = clients.failures().map((f) => `${f.status} ${f.body.split('\n')[0]}`);
    expect(failed.slice(0, 5), `${failed.length} client requests failed after:\n${done.join('\n')}`).toEqual([]);
    expect(stale, done.join('\n')).toEqual([]);
  }
  done.push(`${clients.answers.length} client requests in ${Date.now() - started} ms, none failed`);
}, 900_000);
