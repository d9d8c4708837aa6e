import { expect, test } from 'vitest';
import { AgentCallError, type PushAnswer } from '../../agent/api.js';
import { passesFor, watchPush, type PushDeps } from '../../agent/push.js';
import type { PassKind } from '../../agent/types.js';
import { updateStatus } from './fake-to.js';

/* The agent's push watcher (issue 32) against a scripted server: what it passes, what it sends back, its fallbacks. */

type Step = PushAnswer | Error;

const answer = (flags: Parameters<typeof updateStatus>[1], token: string, pushed = true): PushAnswer => ({
  pushed,
  statuses: [updateStatus('edge-01', flags)],
  token,
  readTime: '1000',
});

/** Runs the watcher over `steps` (one per request) and stops after the last; records calls, passes and sleeps. */
async function script(steps: Step[], passOk = true) {
  const stop = new AbortController();
  const sinces: Array<string | undefined> = [];
  const passes: PassKind[][] = [];
  const sleeps: number[] = [];
  const lines: string[] = [];
  let i = 0;
  const deps: PushDeps = {
    api: {
      async waitStatus(_host, since) {
        sinces.push(since);
        const step = steps[i++];
        if (i >= steps.length) stop.abort();
        if (step instanceof Error) throw step;
        return step;
      },
    },
    host: 'edge-01',
    wait: 'reval',
    waitMs: 60_000,
    retryUnsupportedMs: 900_000,
    trigger: async (_a, kinds) => {
      passes.push(kinds);
      return passOk;
    },
    log: (m) => lines.push(m),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    signal: stop.signal,
  };
  await watchPush(deps);
  return { sinces, passes, sleeps, lines };
}

test('passesFor follows the timed passes’ rules: a purge waits for the parents, a queued update does not by default', () => {
  const s = (f: Parameters<typeof updateStatus>[1]) => [updateStatus('edge-01', f)];
  expect(passesFor(s({ reval_pending: true, parent_reval_pending: true }), 'edge-01', 'reval')).toEqual([]);
  expect(passesFor(s({ reval_pending: true }), 'edge-01', 'reval')).toEqual(['revalidate']);
  expect(passesFor(s({ upd_pending: true, reval_pending: true }), 'edge-01', 'reval')).toEqual([
    'syncds',
    'revalidate',
  ]);
  expect(passesFor(s({}), 'edge-01', 'reval')).toEqual([]);
});

test('nothing pending: the token goes back as since; a purge passes at once, then asks again without since', async () => {
  const r = await script([
    answer({}, 't0'),
    answer({ reval_pending: true, parent_reval_pending: true }, 't1'),
    answer({ reval_pending: true }, 't2'),
    answer({}, 't3'),
  ]);
  expect(r.sinces).toEqual([undefined, 't0', 't1', undefined]);
  expect(r.passes).toEqual([['revalidate']]);
  expect(r.sleeps).toEqual([]);
});

test('a failed pass waits for the status to change (the timers retry it), never loops on the same answer', async () => {
  const r = await script([answer({ upd_pending: true }, 't1'), answer({ upd_pending: true }, 't1')], false);
  expect(r.sinces).toEqual([undefined, 't1']);
  expect(r.passes).toEqual([['syncds'], ['syncds']]);
});

test('a flag that stays up after three passes on one token is waited out, not passed on forever', async () => {
  const same = answer({ upd_pending: true }, 't1');
  const r = await script([same, same, same, same, same]);
  expect(r.passes).toHaveLength(3);
  expect(r.sinces).toEqual([undefined, undefined, undefined, undefined, 't1']);
});

test('a server that does not push (no header, or 404) is polled only and asked again after the long interval', async () => {
  const r = await script([
    answer({}, 't0', false),
    new AgentCallError('GET update_status (push)', 404, 'Not Found'),
    answer({}, 't0'),
  ]);
  expect(r.sleeps).toEqual([900_000, 900_000]);
  expect(r.lines.filter((l) => l.includes('does not push'))).toHaveLength(2);
  expect(r.passes).toEqual([]);
});

test('a lost connection reconnects after a doubling backoff, asking at once (no since) when back', async () => {
  const lost = () => new AgentCallError('GET update_status (push)', 0, 'connection refused');
  const r = await script([answer({}, 't0'), lost(), lost(), lost(), answer({}, 't0'), answer({}, 't0')]);
  expect(r.sleeps).toEqual([1000, 2000, 4000]);
  expect(r.sinces).toEqual([undefined, 't0', undefined, undefined, undefined, 't0']);
  expect(r.lines.some((l) => l.startsWith('push connection lost (GET update_status (push): connection refused)'))).toBe(
    true,
  );
});
