import { describe, expect, it } from 'vitest';
import { freshReader } from '../../../../daemon/store/postgres/fresh-read.js';

/** A read whose end the test decides; each read sees the writes committed when it started. */
function controlledRead() {
  let writes = 0;
  const ends: Array<(fail?: boolean) => void> = [];
  let reads = 0;
  const read = () =>
    new Promise<number>((resolve, reject) => {
      reads++;
      const seen = writes;
      ends.push((fail) => (fail ? reject(new Error('read failed')) : resolve(seen)));
    });
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return {
    read,
    write: () => writes++,
    end: async (i: number, fail = false) => {
      ends[i](fail);
      await tick();
    },
    reads: () => reads,
    tick,
  };
}

describe('freshReader (the PostgreSQL data versions)', () => {
  it('answers every caller with a read started after its call, and callers waiting together share one', async () => {
    const c = controlledRead();
    const fresh = freshReader(c.read);
    const first = fresh();
    c.write(); // committed after the first read started: the first may miss it, later callers may not
    const second = fresh();
    const third = fresh();
    expect(c.reads()).toBe(1);
    await c.end(0);
    expect(await first).toBe(0);
    expect(c.reads()).toBe(2);
    c.write();
    const fourth = fresh(); // the second read already started before this call: a third read
    await c.end(1);
    expect([await second, await third]).toEqual([1, 1]);
    await c.tick();
    expect(c.reads()).toBe(3);
    await c.end(2);
    expect(await fourth).toBe(2);
  });

  it('passes a failed read to its callers, and the next caller reads again', async () => {
    const c = controlledRead();
    const fresh = freshReader(c.read);
    const failing = fresh();
    await c.end(0, true);
    await expect(failing).rejects.toThrow('read failed');
    const next = fresh();
    expect(c.reads()).toBe(2);
    await c.end(1);
    expect(await next).toBe(0);
  });
});
