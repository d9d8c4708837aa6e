import type { Server } from 'node:http';
import type { MonitoringConfig, MonitorRecord } from '../shared/contract/crconfig.js';
import { judge } from './judge.js';
import { decided, mergeViews } from './merge.js';
import { DEFAULT_TIMEOUT_MS, getJson } from './poll.js';
import { cacheAuthority, pollUrl } from './poll-url.js';
import { serveView } from './serve.js';
import { saveView } from './state.js';
import { POLLED_STATUSES, type MonitorView, type PeerView, type PollResult, type PollTarget } from './types.js';

export interface MonitorOptions {
  /** This monitor's host name, as the CDN's RASCAL server records it. */
  host: string;
  cdn: string;
  /** The poll interval; null: the monitoring configuration's `health.polling.interval`. */
  intervalMs: number | null;
  /** Per-cache poll URLs that replace the profile's (`--poll-url host=url`). */
  overrides: ReadonlyMap<string, string>;
  /** Where to listen; port null: this monitor's port in the monitoring configuration. */
  listen: { host: string; port: number | null };
  dataDir: string;
  /** The daemon this monitor works for (shown in its view). */
  server: string;
}

/** The daemon routes a monitor uses. */
export interface MonitorApi {
  monitoring(cdn: string): Promise<MonitoringConfig>;
  report(cdn: string, body: { monitor: string; caches: Record<string, { isAvailable: boolean }> }): Promise<void>;
}

export interface MonitorDeps {
  api: MonitorApi;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  log: (line: string) => void;
  signal: AbortSignal;
}

const PEER_TIMEOUT_MS = 2000;

/** The caches to judge, each with its profile's parameters. */
function targetsOf(config: MonitoringConfig): PollTarget[] {
  const profiles = new Map(config.profiles.map((p) => [p.name, p.parameters]));
  return config.trafficServers.map((cache) => ({ cache, parameters: profiles.get(cache.profile) ?? null }));
}

/** The peers: the CDN's other monitors that are ONLINE. */
const peersOf = (config: MonitoringConfig, host: string): MonitorRecord[] =>
  config.trafficMonitors.filter((m) => m.status === 'ONLINE' && m.hostName !== host);

async function pollPeer(peer: MonitorRecord, now: () => number): Promise<PeerView> {
  const url = `http://${cacheAuthority({ ip: peer.ip, fqdn: peer.fqdn, port: peer.port })}/publish/CrStates?raw`;
  const got = await getJson(url, PEER_TIMEOUT_MS, now);
  const caches = (got.stats as { caches?: Record<string, { isAvailable?: unknown }> } | null)?.caches;
  if (got.error !== null || typeof caches !== 'object' || caches === null)
    return { hostName: peer.hostName, caches: null, error: got.error ?? 'no caches in its CrStates' };
  const view = Object.fromEntries(Object.entries(caches).map(([h, s]) => [h, s?.isAvailable === true]));
  return { hostName: peer.hostName, caches: view, error: null };
}

/** One monitor's running state between passes. */
class Monitor {
  config: MonitoringConfig | null = null;
  previous = new Map<string, PollResult>();
  view: MonitorView;
  server: Server | null = null;

  constructor(
    readonly opts: MonitorOptions,
    readonly deps: MonitorDeps,
  ) {
    const base = { host: opts.host, cdn: opts.cdn, pid: process.pid, url: '', at: null, configError: null };
    this.view = { ...base, caches: [], peers: [], merged: {}, published: null };
  }

  interval(): number {
    const configured = Number(this.config?.config['health.polling.interval']);
    return this.opts.intervalMs ?? (Number.isFinite(configured) && configured > 0 ? configured : 6000);
  }

  async refreshConfig(): Promise<void> {
    try {
      this.config = await this.deps.api.monitoring(this.opts.cdn);
      this.view.configError = null;
    } catch (err) {
      this.view.configError = (err as Error).message;
      this.deps.log(`monitor: monitoring configuration of ${this.opts.cdn}: ${this.view.configError}`);
    }
  }

  async listen(): Promise<void> {
    if (this.server || !this.config) return;
    const me = this.config.trafficMonitors.find((m) => m.hostName === this.opts.host);
    const port = this.opts.listen.port ?? me?.port;
    if (port === undefined) throw new Error(`${this.opts.host} is no monitor of ${this.opts.cdn}: give --port`);
    const deliveryServices = () => this.config?.deliveryServices.map((d) => d.xmlId) ?? [];
    const served = await serveView({ host: this.opts.listen.host, port }, () => ({
      view: this.view,
      deliveryServices: deliveryServices(),
    }));
    this.server = served.server;
    this.view.url = `http://${this.opts.listen.host}:${served.port}`;
    this.deps.log(`monitor: ${this.opts.host} serves ${this.view.url}/publish/CrStates`);
  }

  async pollCaches(config: MonitoringConfig): Promise<void> {
    const judged = await Promise.all(
      targetsOf(config).map(async (target) => {
        const { cache, parameters } = target;
        if (!POLLED_STATUSES.has(cache.status)) return judge(target, null, null);
        const timeout = parameters?.['health.connection.timeout'] || DEFAULT_TIMEOUT_MS;
        const url = pollUrl(cache, parameters?.['health.polling.url'], this.opts.overrides);
        const poll = await getJson(url, timeout, this.deps.now);
        const judgement = judge(target, poll, this.previous.get(cache.hostName) ?? null);
        if (poll.error === null) this.previous.set(cache.hostName, poll);
        return judgement;
      }),
    );
    this.logChanges(judged);
    this.view.caches = judged;
  }

  logChanges(judged: MonitorView['caches']): void {
    const before = new Map(this.view.caches.map((j) => [j.hostName, j.isAvailable]));
    for (const j of judged)
      if (before.get(j.hostName) !== j.isAvailable)
        this.deps.log(`monitor: ${j.hostName} ${j.isAvailable ? 'available' : 'unavailable'} (${j.reason})`);
  }

  async publish(): Promise<void> {
    const settled = decided(this.view.merged, this.view.peers);
    const caches = Object.fromEntries(Object.entries(settled).map(([h, a]) => [h, { isAvailable: a }]));
    const at = new Date(this.deps.now()).toISOString();
    try {
      await this.deps.api.report(this.opts.cdn, { monitor: this.opts.host, caches });
      this.view.published = { at, error: null };
    } catch (err) {
      this.view.published = { at, error: (err as Error).message };
      this.deps.log(`monitor: publishing to the daemon: ${(err as Error).message}`);
    }
  }

  /** One pass: configuration, caches, peers, merge, publish, state file. */
  async pass(): Promise<void> {
    await this.refreshConfig();
    const config = this.config;
    if (!config) return;
    await this.listen();
    await this.pollCaches(config);
    this.view.peers = await Promise.all(peersOf(config, this.opts.host).map((p) => pollPeer(p, this.deps.now)));
    this.view.merged = mergeViews(this.view.caches, this.view.peers);
    this.view.at = new Date(this.deps.now()).toISOString();
    await this.publish();
    saveView(this.opts.dataDir, this.view);
  }

  async close(): Promise<void> {
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * `cdnctl monitor run`: until the signal aborts, read the CDN's monitoring configuration, poll the caches the seed
 * says (REPORTED and ADMIN_DOWN), judge them, merge with the peers optimistically, serve the view and publish it.
 */
export async function runMonitor(opts: MonitorOptions, deps: MonitorDeps): Promise<void> {
  const monitor = new Monitor(opts, deps);
  try {
    while (!deps.signal.aborted) {
      await monitor.pass();
      await deps.sleep(monitor.interval(), deps.signal);
    }
  } finally {
    await monitor.close();
  }
}
