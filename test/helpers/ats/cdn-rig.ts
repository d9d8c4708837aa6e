import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentApi } from '../../../agent/api.js';
import { DEFAULT_PARENT_WAIT_MAX_MS, DEFAULT_WAIT_FOR_PARENTS } from '../../../agent/decide.js';
import { runPass, type PassDeps, type PassOutcome } from '../../../agent/pass.js';
import { runShell } from '../../../agent/reload.js';
import type { PassKind, WaitForParents } from '../../../agent/types.js';
import { HttpClient } from '../../../shared/client/http.js';
import { listCdns } from '../../../shared/client/cdns.js';
import { listOrigins, updateOrigin } from '../../../shared/client/origins.js';
import { queueCdn } from '../../../shared/client/servers.js';
import { login } from '../../../shared/client/session.js';
import { startChildDaemon, type ChildDaemon } from '../../daemon/reliability/child-daemon.js';
import { PASSWORDS } from '../../daemon/security/fixture.js';
import { ORT_PASSWORD, oneCdnSnapshot, prepareCdnDataDir } from '../../agent/e2e-cdn.js';
import { createAtsRoot, freePort, startAts, type AtsInstance } from './ats-instance.js';
import { waitServing } from './http-get.js';

/*
 * A real two-tier CDN for the control-loop tests (issue 32): the built daemon as a process on a snapshot of cdn1 (the
 * one of e2e-cdn.ts: delivery service `demo`), one MID (mid-01, cache group mid-east) over one or more EDGE cache
 * groups, each cache a real ATS 9.2 with a profile of its own (its own cache directory). No agent runs by itself:
 * the test drives each cache's agent one pass at a time (`pass`), the real pass of `cdnctl agent run`, so it
 * chooses the order in which the caches apply without sleeping for timers.
 */

export interface RigOptions {
  /** EDGE cache groups under mid-east, each with its number of EDGEs (edge-01, edge-02… across groups). */
  edgeGroups: Array<{ name: string; edges: number }>;
  /** The delivery service's first origin: `http://<host>:<port>`. */
  originUrl: string;
  /** Host names the caches resolve to loopback (the origins'); the caches' own are added. */
  hostNames: string[];
  /** The agents' --wait-for-parents (their default when absent). */
  wait?: WaitForParents;
}

export interface RigCache {
  host: string;
  tier: 'mid' | 'edge';
  ats: AtsInstance;
  /** Each line the cache's agent logged. */
  log: string[];
}

export interface Rig {
  url: string;
  caches: Map<string, RigCache>;
  edges(): RigCache[];
  /** An admin's client of the daemon (API 1.4). */
  admin: HttpClient;
  /** One pass of the cache's agent; its reload waits for ATS to have read the files it wrote (see WATCHED). */
  pass(host: string, kind?: PassKind): Promise<PassOutcome>;
  /** The cache's agent stopped and started again: a new login, no hold for parents remembered. */
  restartAgent(host: string): void;
  /** `cdnctl origins update <primary> --fqdn … --port …` then `cdnctl cdns queue cdn1`, through the API. */
  moveOrigin(fqdn: string, port: number): Promise<void>;
  restartDaemon(): Promise<void>;
  stopDaemon(): Promise<void>;
  daemonOutput(): string;
  stop(): Promise<void>;
}

interface Parts {
  temp: string[];
  roots: Map<string, string>;
  ports: Map<string, number>;
  daemon: ChildDaemon | null;
  daemonPort: number;
  dataDir: string;
  clients: HttpClient[];
  caches: Map<string, RigCache>;
}

function edgeHosts(options: RigOptions): Array<{ host: string; group: string }> {
  const hosts: Array<{ host: string; group: string }> = [];
  for (const g of options.edgeGroups)
    for (let i = 0; i < g.edges; i++)
      hosts.push({ host: `edge-${String(hosts.length + 1).padStart(2, '0')}`, group: g.name });
  return hosts;
}

/** e2e-cdn.ts's snapshot with the rig's EDGE groups and EDGEs, each cache on a profile of its own. */
function rigSnapshot(options: RigOptions, p: Parts) {
  const base = oneCdnSnapshot(
    { edge: 0, mid: p.ports.get('mid-01')!, origin: 0 },
    {
      mid: p.roots.get('mid-01')!,
      edge: p.roots.get('mid-01')!,
    },
  );
  const [midProfile, edgeProfile] = base.profiles;
  const profileOf = (host: string, from: typeof edgeProfile) => ({
    ...from!,
    name: `ATS_${host.replace(/-/g, '_').toUpperCase()}`,
    params: from!.params.map((param) =>
      param.name === 'Drive_Prefix' ? { ...param, value: `${p.roots.get(host)}/` } : param,
    ),
  });
  const [midServer, edgeServer] = base.servers;
  const edges = edgeHosts(options);
  const ds = { ...base.deliveryServices[0]!, orgServerFqdn: options.originUrl };
  return {
    ...base,
    cachegroups: [
      base.cachegroups[0]!,
      ...options.edgeGroups.map((g, i) => ({ ...base.cachegroups[1]!, name: g.name, shortName: `edge${i}` })),
    ],
    profiles: [profileOf('mid-01', midProfile), ...edges.map((e) => profileOf(e.host, edgeProfile))],
    users: ['mid-01', ...edges.map((e) => e.host)].map((h) => ({
      ...base.users[0]!,
      username: `ort-${h}`,
      email: `ort-${h}@example.test`,
    })),
    deliveryServices: [ds],
    servers: [
      { ...midServer!, profile: profileOf('mid-01', midProfile).name },
      ...edges.map((e) => ({
        ...edgeServer!,
        hostName: e.host,
        cachegroup: e.group,
        tcpPort: p.ports.get(e.host)!,
        profile: profileOf(e.host, edgeProfile).name,
        agents: [`ort-${e.host}`],
      })),
    ],
  };
}

async function client(p: Parts, username: string, password: string): Promise<HttpClient> {
  const http = new HttpClient({ baseUrl: `http://127.0.0.1:${p.daemonPort}`, version: '1.4' });
  p.clients.push(http);
  http.cookie = (await login(http, username, password)).cookie;
  return http;
}

/** How many times ATS logged that it finished loading `file`. */
function loads(ats: AtsInstance, file: string): number {
  return ats.diags().split(`${file} finished loading`).length - 1;
}

/**
 * Files whose reload a pass waits for before it reports: ATS reads them a few seconds after `traffic_ctl config
 * reload` (remap-reload-ats.test.ts), and a tier that reported before its ATS read the change would let the next
 * tier go first. The rig's reload command waits for ATS's "finished loading" of each one the pass changed.
 */
const WATCHED = ['remap.config', 'parent.config'];

function readOr(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** A reload of `cache` that returns once ATS has read every watched file that differs from `before`. */
async function reloadAndWait(cache: RigCache, before: Map<string, { text: string; loads: number }>): Promise<void> {
  await runShell(`TS_RUNROOT=${cache.ats.root} traffic_ctl config reload`);
  const deadline = Date.now() + 20_000;
  for (const [file, was] of before) {
    if (readOr(join(cache.ats.configDir, file)) === was.text) continue;
    while (loads(cache.ats, file) <= was.loads) {
      if (Date.now() > deadline)
        throw new Error(`${cache.host}: ATS did not reload ${file}:\n${cache.ats.diags().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

interface Agents {
  pass(host: string, kind?: PassKind, first?: boolean): Promise<PassOutcome>;
  /** A new agent process for `host`: a new login, no hold remembered. */
  restart(host: string): void;
}

function makeAgents(p: Parts, options: RigOptions): Agents {
  const apis = new Map<string, AgentApi>();
  // Each agent's hold for pending parents lasts across its passes, as in `agent run`.
  const holds = new Map<string, NonNullable<PassDeps['parentHold']>>();
  const holdOf = (host: string) => {
    if (!holds.has(host)) holds.set(host, { maxMs: DEFAULT_PARENT_WAIT_MAX_MS, since: {} });
    return holds.get(host)!;
  };
  const apiOf = async (host: string) => {
    let api = apis.get(host);
    if (!api) {
      const http = await client(p, `ort-${host}`, ORT_PASSWORD);
      api = new AgentApi(http, '1.4', async () => (await login(http, `ort-${host}`, ORT_PASSWORD)).cookie);
      apis.set(host, api);
    }
    return api;
  };
  const pass = async (host: string, kind: PassKind = 'syncds', first = false): Promise<PassOutcome> => {
    const cache = p.caches.get(host);
    const configDir = cache?.ats.configDir ?? join(p.roots.get(host)!, 'etc');
    const log = cache?.log ?? [];
    const before = new Map(
      WATCHED.map((f) => [f, { text: readOr(join(configDir, f)), loads: cache ? loads(cache.ats, f) : 0 }]),
    );
    return runPass(
      {
        api: await apiOf(host),
        host,
        configDir,
        wait: options.wait ?? DEFAULT_WAIT_FOR_PARENTS,
        parentHold: holdOf(host),
        dryRun: false,
        force: first,
        pluginDir: null,
        reload: async () => {
          if (!cache) return false;
          await reloadAndWait(cache, before);
          return true;
        },
        log: (k, m) => log.push(`${new Date().toISOString()} ${host} ${k}: ${m}`),
        out: () => {},
        now: () => new Date(),
      },
      kind,
    );
  };
  return {
    pass,
    restart: (host) => {
      apis.delete(host);
      holds.delete(host);
    },
  };
}

async function startCache(p: Parts, agents: Agents, host: string, hostsFile: string) {
  const root = p.roots.get(host)!;
  const etc = join(root, 'etc');
  mkdirSync(etc);
  await agents.pass(host, 'syncds', true);
  // The instance root is removed with ATS; its config dir lives inside it.
  const ats = await startAts(etc, {
    root,
    port: p.ports.get(host),
    env: { PROXY_CONFIG_HOSTDB_HOST_FILE_PATH: hostsFile },
  });
  p.caches.set(host, { host, tier: host.startsWith('mid') ? 'mid' : 'edge', ats, log: [] });
}

async function startDaemon(p: Parts): Promise<void> {
  p.daemon = await startChildDaemon(p.dataDir, { serve: { listen: `127.0.0.1:${p.daemonPort}` } });
}

/** Starts the daemon and every cache (the caches one after the other: each ATS start is CPU-heavy). */
export async function startRig(options: RigOptions): Promise<Rig> {
  const p: Parts = {
    temp: [],
    roots: new Map(),
    ports: new Map(),
    daemon: null,
    daemonPort: await freePort(),
    dataDir: '',
    clients: [],
    caches: new Map(),
  };
  const agents = makeAgents(p, options);
  const rig = rigOf(p, agents);
  try {
    const hosts = ['mid-01', ...edgeHosts(options).map((e) => e.host)];
    for (const host of hosts) {
      p.roots.set(host, createAtsRoot(`rig-${host}`));
      p.ports.set(host, await freePort());
    }
    const dir = mkdtempSync(join(tmpdir(), 'cdnctl-rig-'));
    p.temp.push(dir);
    const hostsFile = join(dir, 'hosts');
    writeFileSync(hostsFile, `127.0.0.1 ${[...options.hostNames, ...hosts.map((h) => `${h}.cdn.test`)].join(' ')}\n`);
    p.dataDir = join(dir, 'data');
    await prepareCdnDataDir(p.dataDir, rigSnapshot(options, p));
    await startDaemon(p);
    Object.assign(rig, { admin: await client(p, 'admin', PASSWORDS.admin) });
    for (const host of hosts) await startCache(p, agents, host, hostsFile);
    for (const edge of rig.edges()) {
      const served = await waitServing(edge.ats.port, 'cdn.demo.cdn.test', '/warmup');
      if (served.status !== 200) throw new Error(`${edge.host} does not serve: ${served.status} ${served.body}`);
    }
    return rig;
  } catch (err) {
    await rig.stop();
    throw err;
  }
}

function rigOf(p: Parts, agents: Agents): Rig {
  return {
    url: `http://127.0.0.1:${p.daemonPort}`,
    caches: p.caches,
    edges: () => [...p.caches.values()].filter((c) => c.tier === 'edge'),
    admin: undefined as unknown as HttpClient,
    pass: (host, kind) => agents.pass(host, kind),
    restartAgent: (host) => agents.restart(host),
    async moveOrigin(fqdn, port) {
      const [primary] = (await listOrigins(this.admin, { primary: true })).response;
      await updateOrigin(this.admin, primary!.id, {
        deliveryServiceId: primary!.deliveryServiceId,
        name: primary!.name,
        protocol: 'http',
        fqdn,
        port,
        tenantId: primary!.tenantId,
      });
      const [cdn] = (await listCdns(this.admin, { name: 'cdn1' })).response;
      await queueCdn(this.admin, cdn!.id, true);
    },
    restartDaemon: async () => {
      await p.daemon?.kill();
      await startDaemon(p);
    },
    stopDaemon: async () => {
      await p.daemon?.kill();
    },
    daemonOutput: () => p.daemon?.output() ?? '',
    stop: async () => {
      await Promise.all(p.clients.map((c) => c.close()));
      for (const cache of p.caches.values()) await cache.ats.stop();
      await p.daemon?.kill();
      for (const dir of [...p.temp, ...p.roots.values()]) rmSync(dir, { recursive: true, force: true });
    },
  };
}
