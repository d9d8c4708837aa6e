import { describe, expect, it } from 'vitest';
import { UpdateWatch, statusToken, type WatchSource } from '../../../daemon/services/caches/update-watch.js';
import type { UpdateStatus } from '../../../daemon/store/server-flags.js';

/* The watch behind update_status's long-poll (issue 32): one read of every status per change, whatever waits. */

const status = (host: number, flags: Partial<UpdateStatus> = {}): UpdateStatus => ({
  hostName: `edge-${host}`,
  hostId: host,
  status: 'REPORTED',
  updPending: false,
  revalPending: false,
  parentPending: false,
  parentRevalPending: false,
  ...flags,
});

/** A store of `n` caches whose version moves with each write, counting the version checks and the reads. */
function fakeSource(n: number) {
  const rows = new Map<string, UpdateStatus>();
  for (let i = 0; i < n; i++) rows.set(`edge-${i}`, status(i));
  let version = 0;
  const counts = { versions: 0, reads: 0 };
  const source: WatchSource = {
    async version() {
      counts.versions++;
      return String(version);
    },
    async statuses() {
      counts.reads++;
      return [...rows.values()];
    },
    clock: () => 1000 + version,
  };
  const write = (host: string, flags: Partial<UpdateStatus>) => {
    rows.set(host, { ...rows.get(host)!, ...flags });
    version++;
  };
  return { source, rows, counts, write };
}

describe('UpdateWatch', () => {
  it('answers 1,000 waiting caches after one purge with ONE read of the flags', async () => {
    const f = fakeSource(1000);
    const watch = new UpdateWatch(f.source, 5);
    const waits = [...f.rows.values()].map((s) => watch.wait(s.hostName, statusToken(s), 10_000, watch.mark()));
    expect(watch.waiting).toBe(1000);
    await new Promise((r) => setTimeout(r, 30));
    const readsBefore = f.counts.reads;
    for (const host of [...f.rows.keys()]) f.rows.set(host, { ...f.rows.get(host)!, revalPending: true });
    f.write('edge-0', { revalPending: true });
    const answers = await Promise.all(waits);
    expect(f.counts.reads - readsBefore).toBe(1);
    expect(answers.every((a) => a?.status.revalPending === true)).toBe(true);
    expect(watch.waiting).toBe(0);
  });

  it('does not read the flags while nothing is written, and stops checking when nobody waits', async () => {
    const f = fakeSource(3);
    const watch = new UpdateWatch(f.source, 5);
    const pending = watch.wait('edge-1', statusToken(status(1)), 100, watch.mark());
    expect(await pending).toBeNull();
    expect(f.counts.reads).toBeLessThanOrEqual(1);
    const checks = f.counts.versions;
    await new Promise((r) => setTimeout(r, 50));
    expect(f.counts.versions).toBe(checks);
  });

  it('answers only the caches whose token changed, with the time taken before the read', async () => {
    const f = fakeSource(3);
    const watch = new UpdateWatch(f.source, 5);
    const one = watch.wait('edge-1', statusToken(status(1)), 300, watch.mark());
    const two = watch.wait('edge-2', statusToken(status(2)), 300, watch.mark());
    await new Promise((r) => setTimeout(r, 20));
    f.write('edge-1', { parentRevalPending: true });
    expect(await one).toEqual({ status: status(1, { parentRevalPending: true }), readAt: 1001 });
    expect(await two).toBeNull();
  });

  it('a write seen by a round that ran during the caller’s own read still answers the new waiter', async () => {
    const f = fakeSource(2);
    const watch = new UpdateWatch(f.source, 5);
    const other = watch.wait('edge-0', statusToken(status(0)), 500, watch.mark());
    await new Promise((r) => setTimeout(r, 20));
    const mark = watch.mark();
    // The caller read edge-1 (old flags); meanwhile a write and a round that saw it.
    f.write('edge-1', { updPending: true });
    await new Promise((r) => setTimeout(r, 30));
    const late = await watch.wait('edge-1', statusToken(status(1)), 500, mark);
    expect(late?.status.updPending).toBe(true);
    watch.close();
    expect(await other).toBeNull();
  });

  it('forgets a cache that hung up, and close() answers every waiter', async () => {
    const f = fakeSource(2);
    const watch = new UpdateWatch(f.source, 5);
    const hangUp = new AbortController();
    const gone = watch.wait('edge-0', statusToken(status(0)), 10_000, watch.mark(), hangUp.signal);
    const stays = watch.wait('edge-1', statusToken(status(1)), 10_000, watch.mark());
    hangUp.abort();
    expect(await gone).toBeNull();
    expect(watch.waiting).toBe(1);
    watch.close();
    expect(await stays).toBeNull();
    expect(await watch.wait('edge-1', 'x', 10_000, watch.mark())).toBeNull();
  });

  it('a failed read is retried at the next round', async () => {
    const f = fakeSource(1);
    let fail = true;
    const errors: unknown[] = [];
    const watch = new UpdateWatch(
      {
        ...f.source,
        statuses: async () => {
          if (fail) {
            fail = false;
            throw new Error('database busy');
          }
          return f.source.statuses();
        },
      },
      5,
      (err) => errors.push(err),
    );
    const waiting = watch.wait('edge-0', statusToken(status(0)), 2000, watch.mark());
    f.write('edge-0', { updPending: true });
    expect((await waiting)?.status.updPending).toBe(true);
    expect(errors).toHaveLength(1);
  });

  it('fresh() answers the last read while nothing was written (a re-armed wait costs no query), null after a write', async () => {
    const f = fakeSource(2);
    const watch = new UpdateWatch(f.source, 5);
    expect(await watch.fresh('edge-0')).toBeNull();
    const first = watch.wait('edge-0', statusToken(status(0)), 200, watch.mark());
    f.write('edge-1', { updPending: true });
    await new Promise((r) => setTimeout(r, 30));
    const reads = f.counts.reads;
    expect(await watch.fresh('edge-1')).toEqual({ status: status(1, { updPending: true }), readAt: 1001 });
    expect(f.counts.reads).toBe(reads);
    f.write('edge-0', { revalPending: true });
    expect(await watch.fresh('edge-1')).toBeNull();
    expect((await first)?.status.revalPending).toBe(true);
    watch.close();
  });
});
