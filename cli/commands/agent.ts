import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import { resolve } from 'node:path';
import { DEFAULT_WAIT_FOR_PARENTS } from '../../agent/decide.js';
import { parseDuration } from '../../agent/duration.js';
import { loadStates, type AgentState } from '../../agent/state.js';
import type { WaitForParents } from '../../agent/types.js';
import { CliError, EXIT } from '../errors.js';
import { HttpClient } from '../../shared/client/http.js';
import { login } from '../../shared/client/session.js';
import type { ApiVersion } from '../../shared/client/types.js';
import { messageOutput, tableOutput, type Column } from '../output/format.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';

interface RunFlags {
  host: string;
  atsConfigDir: string;
  interval: number;
  revalidateInterval: number;
  dispersion: number;
  reloadCommand: string;
  atsPluginDir?: string;
  verifyCommand: string;
  atsLogDir?: string;
  verdictTimeout: number;
  waitForParents: WaitForParents;
  parentWaitMax: number;
  once?: boolean;
  dryRun?: boolean;
  force?: boolean;
  push: boolean;
  pushWait: number;
}

function duration(text: string): number {
  const ms = parseDuration(text);
  if (ms === null) throw new InvalidArgumentError('expected a duration such as 500ms, 60s, 15m or 1h.');
  return ms;
}

/** A duration flag whose default --help shows as it is typed (`15m`), not in milliseconds. */
function durationOption(flags: string, description: string, fallback: string): Option {
  return new Option(flags, description).argParser(duration).default(duration(fallback), fallback);
}

/**
 * With CDNCTL_AGENT_USERNAME and CDNCTL_AGENT_PASSWORD set (`<prefix>_…`: the monitor's), how the agent logs in again when its session has
 * expired (a daemon down for longer than a session lives): the new session's cookie.
 */
export function agentLogin(
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  version: ApiVersion,
  prefix = 'CDNCTL_AGENT',
): (() => Promise<string>) | undefined {
  const username = env[`${prefix}_USERNAME`];
  const password = env[`${prefix}_PASSWORD`];
  if (!username || !password) return undefined;
  return async () => {
    const client = new HttpClient({ baseUrl, version });
    try {
      return (await login(client, username, password)).cookie;
    } finally {
      await client.close();
    }
  };
}

/** Resolves after `ms`, or as soon as the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      done();
    }
    signal.addEventListener('abort', finish, { once: true });
  });
}

const COLUMNS: Column<AgentState>[] = [
  { header: 'HOST', value: (s) => s.host },
  { header: 'SERVER', value: (s) => s.server ?? '' },
  { header: 'PID', value: (s) => s.pid },
  { header: 'LAST CHECK-IN', value: (s) => s.lastCheckIn?.at ?? '' },
  { header: 'UPD', value: (s) => s.lastCheckIn?.status?.upd_pending ?? '' },
  { header: 'REVAL', value: (s) => s.lastCheckIn?.status?.reval_pending ?? '' },
  {
    header: 'LAST APPLIED',
    value: (s) =>
      s.lastApplied
        ? `${s.lastApplied.at} ${s.lastApplied.kind}: ${s.lastApplied.files.join(', ') || 'no change'}`
        : '',
  },
  { header: 'LAST ERROR', value: (s) => (s.lastError ? `${s.lastError.at} ${s.lastError.message}` : '') },
  { header: 'LAST DECISION', value: (s) => s.events.at(-1)?.message ?? '', wide: true },
  { header: 'CONFIG DIR', value: (s) => s.configDir, wide: true },
];

/** ATS 9.2's check of a configuration directory (plugin.config, remap.config and its plugins, records.config). */
const DEFAULT_VERIFY = 'traffic_server -C verify_config -D {dir}';

const agentRun: VerbSpec<RunFlags> = {
  name: 'run',
  description: 'Check in, apply queued updates and revalidations to ATS, reload it, report back (until stopped)',
  examples: [
    'cdnctl agent run --host edge-01 --ats-config-dir /etc/trafficserver',
    'cdnctl agent run --host edge-01 --ats-config-dir /etc/trafficserver --once --dry-run',
  ],
  api: { min: '1.3' },
  configure: (c) =>
    c
      .requiredOption('--host <hostname>', "this cache's host name, as the server knows it")
      .requiredOption('--ats-config-dir <dir>', 'where ATS reads its configuration (e.g. /etc/trafficserver)')
      .addOption(durationOption('--interval <duration>', 'how often to apply queued updates (syncds)', '15m'))
      .addOption(durationOption('--revalidate-interval <duration>', 'how often to apply pending revalidations', '60s'))
      .addOption(durationOption('--dispersion <duration>', 'random extra wait before each syncds pass', '5m'))
      .option(
        '--reload-command <command>',
        'how to make ATS read changed files ("" for none)',
        'traffic_ctl config reload',
      )
      .option(
        '--ats-plugin-dir <dir>',
        'where ATS finds plugins; a file naming one not there is not applied ("" for no check; default: traffic_layout)',
      )
      .option(
        '--verify-command <command>',
        'how ATS checks a set staged in {dir} before it replaces the live files ("" for none)',
        DEFAULT_VERIFY,
      )
      .option(
        '--ats-log-dir <dir>',
        'where ATS writes diags.log, read after a reload for ATS\'s verdict ("" for none; default: traffic_layout)',
      )
      .addOption(durationOption('--verdict-timeout <duration>', 'how long to wait for that verdict', '15s'))
      .addOption(
        new Option(
          '--wait-for-parents <when>',
          'hold updates while a parent cache is still pending (reval: only revalidations)',
        )
          .choices(['true', 'false', 'reval'])
          .default(DEFAULT_WAIT_FOR_PARENTS),
      )
      .addOption(
        durationOption(
          '--parent-wait-max <duration>',
          'the longest an update or purge waits for pending parents before it applies anyway',
          '30m',
        ),
      )
      .option('--no-push', 'poll on the intervals only: hold no update_status long-poll (push is used when offered)')
      .addOption(durationOption('--push-wait <duration>', 'how long the server holds each push request', '60s'))
      .option('--once', 'one syncds pass and one revalidate pass, then exit')
      .option('--force', 'apply every file on the first pass even when nothing is queued (a first install)')
      .option('--dry-run', 'show the diff it would apply, change nothing, report nothing'),
  run: async (inv, _args, flags) => {
    const relogin = agentLogin(inv.env, inv.server().url, inv.version());
    // With its own credentials the agent needs no stored session: the first 401 logs it in.
    const stored = relogin ? await inv.session(inv.server().url) : null;
    const http = relogin && !stored ? await inv.client({ auth: false }) : await inv.client();
    // Loaded here, not at start-up: validation pulls in the YAML parser, which no other command needs.
    const [{ AgentApi }, { runAgent }, { runShell }, { atsPluginDir, atsLogDir }] = await Promise.all([
      import('../../agent/api.js'),
      import('../../agent/loop.js'),
      import('../../agent/reload.js'),
      import('../../agent/plugins.js'),
    ]);
    const pluginDir = flags.atsPluginDir === undefined ? atsPluginDir(inv.env) : flags.atsPluginDir.trim() || null;
    if (pluginDir === null && flags.atsPluginDir === undefined)
      process.stderr.write(
        'agent: traffic_layout did not tell the plugin dir: plugins named in files are not checked\n',
      );
    const logDir = flags.atsLogDir === undefined ? atsLogDir(inv.env) : flags.atsLogDir.trim() || null;
    const controller = new AbortController();
    const stop = () => controller.abort();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    try {
      const code = await runAgent(
        {
          host: flags.host,
          configDir: resolve(flags.atsConfigDir),
          intervalMs: flags.interval,
          revalidateIntervalMs: flags.revalidateInterval,
          dispersionMs: flags.dispersion,
          wait: flags.waitForParents,
          dryRun: flags.dryRun === true,
          force: flags.force === true,
          once: flags.once === true,
          reloadCommand: flags.reloadCommand.trim() || null,
          dataDir: inv.dataDir,
          pluginDir,
          server: inv.server().url,
          ats: { verifyCommand: flags.verifyCommand.trim() || null, logDir, verdictTimeoutMs: flags.verdictTimeout },
          push: flags.push,
          pushWaitMs: flags.pushWait,
          parentWaitMaxMs: flags.parentWaitMax,
        },
        {
          api: new AgentApi(http, http.version, relogin),
          runCommand: (command) => runShell(command),
          logLine: (text) => process.stderr.write(`${text}\n`),
          out: (text) => process.stdout.write(text),
          now: () => new Date(),
          sleep,
          random: Math.random,
          signal: controller.signal,
        },
      );
      if (code !== 0) throw new CliError('the agent pass failed (see the log above)', EXIT.ERROR);
    } finally {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    }
  },
};

const agentStatus: VerbSpec<{ host?: string }> = {
  name: 'status',
  description: 'Show what the agent on this machine last did',
  examples: ['cdnctl agent status', 'cdnctl agent status --host edge-01 -o json'],
  configure: (c) => c.option('--host <hostname>', 'only this host'),
  run: async (inv, _args, flags) => {
    const states = loadStates(inv.dataDir, flags.host);
    if (states.length === 0)
      return messageOutput([], flags.host ? `No agent has run for ${flags.host} here.` : 'No agent has run here.');
    return tableOutput(states, states, COLUMNS, 'No agent has run here.');
  },
};

/** `cdnctl agent run` and `cdnctl agent status`: the cache-side tool (Traffic Control's ORT/t3c). */
export function registerAgent(program: Command): void {
  const agent = addNoun(program, 'agent', 'Run on a cache host: apply the configuration the server generates for it', [
    'cdnctl agent run --host edge-01 --ats-config-dir /etc/trafficserver',
    'cdnctl agent status',
  ]);
  addVerb(agent, agentRun);
  addVerb(agent, agentStatus);
}
