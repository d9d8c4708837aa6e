import type { AgentApi } from './api.js';
import { backoffMs, DEFAULT_PARENT_WAIT_MAX_MS, dispersionDelay } from './decide.js';
import { runPass, type PassOutcome } from './pass.js';
import { loadStates, newState, saveState, withEvent, type AgentState } from './state.js';
import type { PassKind, WaitForParents } from './types.js';

export interface AgentOptions {
  host: string;
  configDir: string;
  intervalMs: number;
  revalidateIntervalMs: number;
  dispersionMs: number;
  wait: WaitForParents;
  dryRun: boolean;
  /** Apply every file on the first syncds pass whatever update_status says (then as usual). */
  force: boolean;
  once: boolean;
  /** Null: do not reload. */
  reloadCommand: string | null;
  /** Where the state file for `agent status` goes. */
  dataDir: string;
  /** ATS's plugin directory; a set naming a plugin not there is not applied. Absent or null: not checked. */
  pluginDir?: string | null;
  /** The server's URL: the state file is per host and server. */
  server?: string;
  /** The most a pass is held back for pending parents before it applies anyway (absent: DEFAULT_PARENT_WAIT_MAX_MS). */
  parentWaitMaxMs?: number;
}

export interface LoopDeps {
  api: Pick<AgentApi, 'updateStatus' | 'fileList' | 'file' | 'report' | 'heartbeat'>;
  runCommand: (command: string) => Promise<void>;
  /** A decision or action, one line (stderr). */
  logLine: (text: string) => void;
  /** A dry run's diff (stdout). */
  out: (text: string) => void;
  now: () => Date;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
  signal: AbortSignal;
}

/** One agent run: its options, dependencies and state, and how one pass is made and recorded. */
class Agent {
  state: AgentState;
  /** Whether the next syncds pass is forced: only the first one, and only with --force. */
  forceNext: boolean;
  /** Since when each kind of pass has been held back for parents (see PassDeps.parentHold). */
  readonly parentHold: { maxMs: number; since: Partial<Record<PassKind, number>> };

  constructor(
    private readonly o: AgentOptions,
    private readonly d: LoopDeps,
  ) {
    // A restarted agent keeps what the last run did and decided; `agent status` shows both runs' history.
    const previous = loadStates(o.dataDir, o.host, o.server)[0];
    const fresh = newState(o.host, o.configDir, d.now(), o.server);
    this.state = previous
      ? { ...fresh, lastApplied: previous.lastApplied, lastError: previous.lastError, events: previous.events }
      : fresh;
    this.forceNext = o.force;
    // A hold for parents outlives the run (issue 32): `--once` from cron must reach its bound too.
    const since = { ...(previous?.parentHeldSince ?? {}) };
    this.parentHold = { maxMs: o.parentWaitMaxMs ?? DEFAULT_PARENT_WAIT_MAX_MS, since };
  }

  log(kind: PassKind | 'agent', message: string): void {
    const at = this.d.now().toISOString();
    this.d.logLine(`${at} agent ${this.o.host} ${kind}: ${message}`);
    this.state = withEvent(this.state, { at, kind, message });
  }

  save(): void {
    if (!this.o.dryRun) saveState(this.o.dataDir, { ...this.state, parentHeldSince: { ...this.parentHold.since } });
  }

  async pass(kind: PassKind): Promise<void> {
    let outcome: PassOutcome;
    try {
      outcome = await runPass(
        {
          api: this.d.api,
          host: this.o.host,
          configDir: this.o.configDir,
          wait: this.o.wait,
          dryRun: this.o.dryRun,
          force: this.forceNext,
          pluginDir: this.o.pluginDir ?? null,
          reload: async () => {
            if (!this.o.reloadCommand) return false;
            await this.d.runCommand(this.o.reloadCommand);
            return true;
          },
          log: (k, m) => this.log(k, m),
          out: this.d.out,
          now: this.d.now,
          parentHold: this.parentHold,
        },
        kind,
      );
    } catch (err) {
      this.state = { ...this.state, lastError: { at: this.d.now().toISOString(), message: (err as Error).message } };
      throw err;
    } finally {
      this.save();
    }
    if (kind === 'syncds') this.forceNext = false;
    const at = this.d.now().toISOString();
    this.state = { ...this.state, lastCheckIn: { at, status: outcome.status } };
    if (outcome.reported)
      this.state = { ...this.state, lastApplied: { at, kind, files: outcome.written, backup: outcome.backup } };
    this.save();
  }
}

const interval = (o: AgentOptions, kind: PassKind) => (kind === 'syncds' ? o.intervalMs : o.revalidateIntervalMs);

/**
 * Runs the agent: with `once`, one syncds pass and one revalidate pass (exit code 1 when either failed);
 * otherwise both kinds on their own intervals (syncds with a random dispersion) until the signal aborts. A
 * failed pass is logged and retried after a doubling backoff capped at its interval; it never ends the loop.
 */
export async function runAgent(o: AgentOptions, d: LoopDeps): Promise<number> {
  const agent = new Agent(o, d);
  agent.log(
    'agent',
    `started: config dir ${o.configDir}, syncds every ${o.intervalMs} ms (+ up to ${o.dispersionMs} ms), revalidate every ${o.revalidateIntervalMs} ms, wait for parents: ${o.wait}${o.dryRun ? ', dry run' : ''}`,
  );
  if (o.once) {
    let code = 0;
    for (const kind of ['syncds', 'revalidate'] as const) {
      await agent.pass(kind).catch((err: Error) => {
        agent.log(kind, `failed: ${err.message}`);
        code = 1;
      });
    }
    agent.save();
    return code;
  }
  const start = d.now().getTime();
  const next: Record<PassKind, number> = {
    syncds: start + dispersionDelay(o.dispersionMs, d.random),
    revalidate: start,
  };
  const failures: Record<PassKind, number> = { syncds: 0, revalidate: 0 };
  while (!d.signal.aborted) {
    const kind: PassKind = next.syncds <= next.revalidate ? 'syncds' : 'revalidate';
    await d.sleep(Math.max(0, next[kind] - d.now().getTime()), d.signal);
    if (d.signal.aborted) break;
    try {
      await agent.pass(kind);
      failures[kind] = 0;
      next[kind] =
        d.now().getTime() + interval(o, kind) + (kind === 'syncds' ? dispersionDelay(o.dispersionMs, d.random) : 0);
    } catch (err) {
      const delay = backoffMs(failures[kind]++, interval(o, kind));
      agent.log(kind, `failed: ${(err as Error).message}; retrying in ${Math.round(delay / 1000)} s`);
      next[kind] = d.now().getTime() + delay;
    }
  }
  agent.log('agent', 'stopped');
  agent.save();
  return 0;
}
