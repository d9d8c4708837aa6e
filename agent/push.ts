import { AgentCallError, type AgentApi, type PushAnswer } from './api.js';
import { backoffMs, decide } from './decide.js';
import type { PassKind, UpdateStatus, WaitForParents } from './types.js';

/*
 * Push instead of polling (issue 32): the agent holds a long-poll of update_status open, and the daemon answers it
 * as soon as this cache's flags or its parents' change. An answer that asks for a pass (a queued update, a purge
 * whose parents have applied) starts it at once; one that does not (nothing pending, or a parent still pending) is
 * sent back as `since`, so the next answer comes when that changes: an EDGE hears the moment its MIDs have applied.
 * The polling timers keep running beside it (heartbeats, and the fallback): a server that does not push (Traffic
 * Ops, an older cdnctl daemon) is asked again only after `retryUnsupportedMs`, a lost connection after a backoff.
 */

export interface PushDeps {
  api: Pick<AgentApi, 'waitStatus'>;
  host: string;
  wait: WaitForParents;
  /** How long each request is held at most (the server may grant less). */
  waitMs: number;
  /** How long to poll only, after the server said it does not push, before asking again. */
  retryUnsupportedMs: number;
  /** Runs the passes `kinds` now, from this answer; resolves when they ran (false: one failed). */
  trigger: (answer: PushAnswer, kinds: PassKind[]) => Promise<boolean>;
  log: (message: string) => void;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  signal: AbortSignal;
}

/** The passes an answer asks for, by the same rules a timed pass decides with. */
export function passesFor(statuses: readonly UpdateStatus[], host: string, wait: WaitForParents): PassKind[] {
  return (['syncds', 'revalidate'] as const).filter((kind) => decide(kind, statuses, host, wait).action === 'apply');
}

/** After this many passes in a row on an unchanged token, wait for the token to change (a flag that never clears). */
const SAME_TOKEN_PASSES = 3;
/** The longest backoff after a lost connection. */
const MAX_BACKOFF_MS = 60_000;

/** Whether a failed long-poll means the server has no such route (an old server): 404, 400 (a refused `wait`). */
const unsupported = (err: unknown) => err instanceof AgentCallError && (err.status === 404 || err.status === 400);

/** Holds the push connection until the signal aborts. */
export async function watchPush(d: PushDeps): Promise<void> {
  let since: string | undefined;
  let failures = 0;
  let lastTriggered: string | undefined;
  let repeats = 0;
  let announced = false;
  while (!d.signal.aborted) {
    let answer: PushAnswer;
    try {
      answer = await d.api.waitStatus(d.host, since, d.waitMs, d.signal);
    } catch (err) {
      if (d.signal.aborted) break;
      since = undefined;
      if (unsupported(err)) {
        d.log(
          `the server does not push (${(err as Error).message}): polling only, asking again in ${seconds(d.retryUnsupportedMs)}`,
        );
        await d.sleep(d.retryUnsupportedMs, d.signal);
        continue;
      }
      const delay = Math.min(backoffMs(failures++, MAX_BACKOFF_MS), MAX_BACKOFF_MS);
      d.log(`push connection lost (${(err as Error).message}): polling meanwhile, reconnecting in ${seconds(delay)}`);
      await d.sleep(delay, d.signal);
      continue;
    }
    if (!answer.pushed) {
      d.log(
        `the server does not push (no x-cdnctl-wait): polling only, asking again in ${seconds(d.retryUnsupportedMs)}`,
      );
      since = undefined;
      await d.sleep(d.retryUnsupportedMs, d.signal);
      continue;
    }
    if (failures > 0 || !announced) d.log(`push: connected, the server holds update_status up to ${seconds(d.waitMs)}`);
    failures = 0;
    announced = true;
    const kinds = passesFor(answer.statuses, d.host, d.wait);
    repeats = kinds.length > 0 && answer.token === lastTriggered ? repeats + 1 : 0;
    if (kinds.length === 0 || repeats >= SAME_TOKEN_PASSES) {
      since = answer.token;
      continue;
    }
    lastTriggered = answer.token;
    d.log(`push: ${kinds.join(' and ')} now (${answer.token ?? 'no token'})`);
    const ok = await d.trigger(answer, kinds);
    // After passes that applied, ask again at once: a flag raised during them is seen now. After a failure, the
    // timers' backoff retries; the push waits for the status to change meanwhile.
    since = ok ? undefined : answer.token;
  }
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);
