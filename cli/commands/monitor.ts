import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import { parseDuration } from '../../agent/duration.js';
import { loadViews } from '../../monitor/state.js';
import type { CacheJudgement, MonitorView } from '../../monitor/types.js';
import { getAllCdnsHealth, getCdnHealth } from '../../shared/client/crconfig.js';
import { CliError, EXIT } from '../errors.js';
import { messageOutput, tableOutput, type Column } from '../output/format.js';
import { agentLogin, sleep } from './agent.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';

interface RunFlags {
  host: string;
  cdn: string;
  interval?: number;
  port?: number;
  listen: string;
  pollUrl: string[];
}

function duration(text: string): number {
  const ms = parseDuration(text);
  if (ms === null) throw new InvalidArgumentError('expected a duration such as 500ms, 6s or 1m.');
  return ms;
}

function port(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port, 0 to 65535.');
  return n;
}

const collect = (value: string, previous: string[]) => [...previous, value];

const monitorRun: VerbSpec<RunFlags> = {
  name: 'run',
  description: "Poll the CDN's REPORTED and ADMIN_DOWN caches, merge with the peer monitors, publish (until stopped)",
  examples: [
    'cdnctl monitor run --host mon-01 --cdn cdn1',
    'cdnctl monitor run --host mon-01 --cdn cdn1 --interval 2s --poll-url edge-01=http://10.0.0.5:8080/_stats',
  ],
  api: { min: '1.3' },
  configure: (c) =>
    c
      .requiredOption('--host <hostname>', "this monitor's host name, as its RASCAL server record knows it")
      .requiredOption('--cdn <name>', 'the CDN whose caches it monitors')
      .addOption(
        new Option('--interval <duration>', 'how often to poll (default: the health.polling.interval)').argParser(
          duration,
        ),
      )
      .addOption(new Option('--port <port>', 'port to serve CrStates on (default: its server record)').argParser(port))
      .option('--listen <address>', 'address to serve CrStates on', '0.0.0.0')
      .option('--poll-url <host=url>', "poll this cache here instead of its profile's URL (repeatable)", collect, []),
  run: async (inv, _args, flags) => {
    const { parseOverrides } = await import('../../monitor/poll-url.js');
    let overrides: Map<string, string>;
    try {
      overrides = parseOverrides(flags.pollUrl);
    } catch (err) {
      throw new CliError(`--poll-url: ${(err as Error).message}`, EXIT.USAGE);
    }
    const relogin = agentLogin(inv.env, inv.server().url, inv.version(), 'CDNCTL_MONITOR');
    const stored = relogin ? await inv.session(inv.server().url) : null;
    const http = relogin && !stored ? await inv.client({ auth: false }) : await inv.client();
    const [{ monitorApi }, { runMonitor }] = await Promise.all([
      import('../../monitor/api.js'),
      import('../../monitor/loop.js'),
    ]);
    const controller = new AbortController();
    const stop = () => controller.abort();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    try {
      await runMonitor(
        {
          host: flags.host,
          cdn: flags.cdn,
          intervalMs: flags.interval ?? null,
          overrides,
          listen: { host: flags.listen, port: flags.port ?? null },
          dataDir: inv.dataDir,
          server: inv.server().url,
        },
        {
          api: monitorApi(http, relogin),
          now: () => Date.now(),
          sleep,
          log: (line) => process.stderr.write(`${line}\n`),
          signal: controller.signal,
        },
      );
    } finally {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    }
  },
};

type Row = CacheJudgement & { monitor: string; merged: boolean | undefined; at: string | null };

const COLUMNS: Column<Row>[] = [
  { header: 'MONITOR', value: (r) => r.monitor },
  { header: 'CACHE', value: (r) => r.hostName },
  { header: 'STATUS', value: (r) => r.status },
  { header: 'POLLED', value: (r) => r.polled },
  { header: 'LOCAL', value: (r) => (r.isAvailable ? 'available' : 'unavailable') },
  { header: 'MERGED', value: (r) => (r.merged === undefined ? '' : r.merged ? 'available' : 'unavailable') },
  { header: 'REASON', value: (r) => r.reason },
  { header: 'AT', value: (r) => r.at ?? '', wide: true },
];

const rowsOf = (view: MonitorView): Row[] =>
  view.caches.map((c) => ({ ...c, monitor: view.host, merged: view.merged[c.hostName], at: view.at }));

const monitorStatus: VerbSpec<{ host?: string }> = {
  name: 'status',
  description:
    'Show what the monitors on this machine last saw: each cache, polled or not, its own and the merged view',
  examples: ['cdnctl monitor status', 'cdnctl monitor status --host mon-01 -o json'],
  configure: (c) => c.option('--host <hostname>', 'only this monitor'),
  run: async (inv, _args, flags) => {
    const views = loadViews(inv.dataDir, flags.host);
    if (views.length === 0)
      return messageOutput([], flags.host ? `No monitor has run for ${flags.host} here.` : 'No monitor has run here.');
    return tableOutput(views, views.flatMap(rowsOf), COLUMNS, 'No cache is monitored.');
  },
};

interface GroupRow {
  name: string;
  online: number;
  offline: number;
}

const GROUP_COLUMNS: Column<GroupRow>[] = [
  { header: 'CACHE GROUP', value: (g) => g.name },
  { header: 'ONLINE', value: (g) => g.online },
  { header: 'OFFLINE', value: (g) => g.offline },
];

const monitorHealth: VerbSpec<Record<string, never>, [string | undefined]> = {
  name: 'health [cdn]',
  description: "What the daemon keeps from the monitors: a CDN's (or every CDN's) REPORTED EDGE caches online/offline",
  examples: ['cdnctl monitor health cdn1', 'cdnctl monitor health -o json'],
  api: { min: '1.1' },
  run: async (inv, [cdn]) => {
    const http = await inv.client();
    const { response } = await (cdn ? getCdnHealth(http, cdn) : getAllCdnsHealth(http));
    const groups = response.cachegroups ?? [];
    if (groups.length === 0) return messageOutput(response, 'No monitor has reported on these caches yet.');
    const total = { name: 'total', online: response.totalOnline, offline: response.totalOffline };
    return tableOutput(response, [...groups, total], GROUP_COLUMNS, '');
  },
};

/** `cdnctl monitor run` and `cdnctl monitor status`: the health monitor (Traffic Control's Traffic Monitor). */
export function registerMonitor(program: Command): void {
  const monitor = addNoun(program, 'monitor', 'Run beside caches: poll their health, merge with peers, publish', [
    'cdnctl monitor run --host mon-01 --cdn cdn1',
    'cdnctl monitor status',
  ]);
  addVerb(monitor, monitorRun);
  addVerb(monitor, monitorStatus);
  addVerb(monitor, monitorHealth);
}
