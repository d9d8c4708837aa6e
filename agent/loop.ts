import type { AgentApi } from './api.js';
import { backoffMs, DEFAULT_PARENT_WAIT_MAX_MS, dispersionDelay } from './decide.js';
import { runPass, type AtsChecks, type PassOutcome } from './pass.js';
import { watchPush } from './push.js';
import { runShellCapture } from './reload.js';
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
  /** ATS's checks of a set before and after it is applied (issue 32); absent: none. */
  ats?: Pick<AtsChecks, 'verifyCommand' | 'logDir' | 'verdictTimeoutMs'>;
  /** Hold a long-poll of update_status and pass at once when told (issue 32); default on. */
  push?: boolean;
  /** How long each push request is held at most (default PUSH_WAIT_MS). */
  pushWaitMs?: number;
  /** The most a pass is held back for pending parents before it applies anyway (absent: DEFAULT_PARENT_WAIT_MAX_MS). */
  parentWaitMaxMs?: number;
}

export interface LoopDeps {
  api: Pick<AgentApi, 'updateStatus' | 'fileList' | 'file' | 'report' | 'heartbeat'> &
    Partial<Pick<AgentApi, 'reportFailure' | 'waitStatus' | 'prime'>>;
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

/** How ATS's checks run their commands and wait (a verdict waits at most seconds: no abort needed). */
const ATS_RUNNERS: Pick<AtsChecks, 'run' | 'sleep'> = {
  run: (command, env) => runShellCapture(command, env),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

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
          ...(this.o.ats ? { ats: { ...this.o.ats, ...ATS_RUNNERS } } : {}),
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

/** How long a push request is held by default (issue 32), and how long to poll only when a server does not push. */
export const PUSH_WAIT_MS = 60_000;
const RETRY_UNSUPPORTED_MS = 15 * 60_000;

/** Passes the push asked for, and the watcher waiting for them to run. */
interface Triggered {
  kinds: Set<PassKind>;
  ok: boolean;
  done: (ok: boolean) => void;
}

/** When each kind of pass is due, and how a push answer makes one due now (waking the loop's sleep). */
class Schedule {
  readonly next: Record<PassKind, number>;
  readonly failures: Record<PassKind, number> = { syncds: 0, revalidate: 0 };
  private waking = new AbortController();
  private triggered: Triggered | null = null;

  constructor(
    private readonly o: AgentOptions,
    private readonly d: LoopDeps,
  ) {
    const start = d.now().getTime();
    this.next = { syncds: start + dispersionDelay(o.dispersionMs, d.random), revalidate: start };
  }

  /** The kind due first (syncds before revalidate when both are due). */
  first(): PassKind {
    return this.next.syncds <= this.next.revalidate ? 'syncds' : 'revalidate';
  }

  /** Sleeps until `kind` is due, or until a push makes a pass due now, or the agent stops. */
  async sleepUntil(kind: PassKind): Promise<void> {
    const ms = Math.max(0, this.next[kind] - this.d.now().getTime());
    if (ms === 0) return;
    await this.d.sleep(ms, AbortSignal.any([this.d.signal, this.waking.signal]));
  }

  /** The push asks for `kinds` now: they are due at once; resolves when they ran (false: one failed). */
  trigger(kinds: PassKind[]): Promise<boolean> {
    const now = this.d.now().getTime();
    for (const kind of kinds) this.next[kind] = Math.min(this.next[kind], now);
    this.triggered?.done(false);
    const promise = new Promise<boolean>((done) => (this.triggered = { kinds: new Set(kinds), ok: true, done }));
    this.waking.abort();
    this.waking = new AbortController();
    return promise;
  }

  /** A pass of `kind` ended: the next one's time, and the push told when every pass it asked for ran. */
  settle(kind: PassKind, error: Error | null): number {
    const now = this.d.now().getTime();
    let delay = 0;
    if (error) delay = backoffMs(this.failures[kind]++, interval(this.o, kind));
    else this.failures[kind] = 0;
    this.next[kind] =
      now +
      (error
        ? delay
        : interval(this.o, kind) + (kind === 'syncds' ? dispersionDelay(this.o.dispersionMs, this.d.random) : 0));
    const t = this.triggered;
    if (t?.kinds.delete(kind)) {
      t.ok = t.ok && !error;
      if (t.kinds.size === 0) this.release(t.ok);
    }
    return delay;
  }

  release(ok: boolean): void {
    const t = this.triggered;
    this.triggered = null;
    t?.done(ok);
  }
}

/** Starts the push watcher beside the timers when the API can long-poll and push is not off; null otherwise. */
function startPush(o: AgentOptions, d: LoopDeps, agent: Agent, schedule: Schedule): Promise<void> | null {
  const api = d.api;
  if (o.push === false || o.dryRun || !api.waitStatus) return null;
  const waitStatus = api.waitStatus.bind(api);
  return watchPush({
    api: { waitStatus },
    host: o.host,
    wait: o.wait,
    waitMs: o.pushWaitMs ?? PUSH_WAIT_MS,
    retryUnsupportedMs: RETRY_UNSUPPORTED_MS,
    trigger: (answer, kinds) => {
      api.prime?.(answer);
      return schedule.trigger(kinds);
    },
    log: (message) => agent.log('agent', message),
    sleep: d.sleep,
    signal: d.signal,
  });
}

/**
 * Runs the agent: with `once`, one syncds pass and one revalidate pass (exit code 1 when either failed);
 * otherwise both kinds on their own intervals (syncds with a random dispersion) until the signal aborts, and, unless
 * push is off, a push watcher beside them that makes a pass due the moment the server says one is (push.ts). A
 * failed pass is logged and retried after a doubling backoff capped at its interval; it never ends the loop.
 */
export async function runAgent(o: AgentOptions, d: LoopDeps): Promise<number> {
  const agent = new Agent(o, d);
  agent.log(
    'agent',
    `started: config dir ${o.configDir}, syncds every ${o.intervalMs} ms (+ up to ${o.dispersionMs} ms), revalidate every ${o.revalidateIntervalMs} ms, wait for parents: ${o.wait}${o.dryRun ? ', dry run' : ''}`,
  );
  if (o.once) return runOnce(agent);
  const schedule = new Schedule(o, d);
  const push = startPush(o, d, agent, schedule);
  while (!d.signal.aborted) {
    const kind = schedule.first();
    await schedule.sleepUntil(kind);
    if (d.signal.aborted) break;
    // Woken by a push: the kind due first may have changed.
    if (schedule.next[kind] > d.now().getTime()) continue;
    try {
      await agent.pass(kind);
      schedule.settle(kind, null);
    } catch (err) {
      const delay = schedule.settle(kind, err as Error);
      agent.log(kind, `failed: ${(err as Error).message}; retrying in ${Math.round(delay / 1000)} s`);
    }
  }
  schedule.release(false);
  await push;
  agent.log('agent', 'stopped');
  agent.save();
  return 0;
}

/** One syncds pass and one revalidate pass: exit code 1 when either failed. */
async function runOnce(agent: Agent): Promise<number> {
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
