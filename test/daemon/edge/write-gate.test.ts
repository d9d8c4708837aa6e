import { describe, expect, it } from 'vitest';
import { MAX_WAIT_MS, WriteGate } from '../../../daemon/edge/write-gate.js';

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** Admits writes named `names`, recording when each starts. */
function writes(gate: WriteGate, names: string[], started: string[]): void {
  for (const name of names) {
    const wait = gate.admit();
    if (wait === null) started.push(name);
    else void wait.then(() => started.push(name));
  }
}

/** Ends one turn of the event loop (the gate's turn runs in the check phase), `reads` reads having arrived in it. */
async function turn(gate: WriteGate, reads = 1): Promise<void> {
  for (let i = 0; i < reads; i++) gate.noteRead();
  await new Promise<void>((resolve) => setImmediate(resolve));
  await Promise.resolve();
}

const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('WriteGate', () => {
  it('starts every write at once while no reads arrive', () => {
    const gate = new WriteGate(1, 8);
    const started: string[] = [];
    writes(gate, names('w', 20), started);
    expect(started).toEqual(names('w', 20));
  });

  it('while reads arrive, starts writes at one a turn, in order, the waiting ones together', async () => {
    const gate = new WriteGate(1, 8, clock().now);
    const started: string[] = [];
    gate.noteRead();
    // A whole batch of credit to begin with: the first 8 start at once.
    writes(gate, names('w', 10), started);
    expect(started).toEqual(names('w', 8));
    await turn(gate);
    expect(started).toHaveLength(8);
    await turn(gate);
    expect(started).toEqual(names('w', 10));
  });

  it('starts at most a batch together, however many wait', async () => {
    const gate = new WriteGate(1, 8, clock().now);
    const started: string[] = [];
    gate.noteRead();
    writes(gate, names('w', 28), started);
    expect(started).toHaveLength(8);
    for (let i = 0; i < 7; i++) await turn(gate);
    expect(started).toHaveLength(8);
    await turn(gate);
    expect(started).toEqual(names('w', 16));
  });

  it('starts every waiting write once reads stop', async () => {
    const gate = new WriteGate(1, 8, clock().now);
    const started: string[] = [];
    gate.noteRead();
    writes(gate, names('w', 30), started);
    await turn(gate, 0);
    await turn(gate, 0);
    expect(started).toEqual(names('w', 30));
  });

  it('lets no write wait much longer than MAX_WAIT_MS, reads or not', async () => {
    const time = clock();
    const gate = new WriteGate(1, 8, time.now);
    const started: string[] = [];
    gate.noteRead();
    writes(gate, names('w', 12), started);
    expect(started).toHaveLength(8);
    time.advance(MAX_WAIT_MS + 1);
    await turn(gate);
    expect(started).toEqual(names('w', 12));
  });
});
