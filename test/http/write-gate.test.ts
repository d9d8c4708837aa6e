import { describe, expect, it } from 'vitest';
import { MAX_WAIT_MS, WriteGate } from '../../daemon/http/write-gate.js';

/** One turn of the event loop: the gate's turn runs in the check phase, like every setImmediate. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** Admits a write, recording when it starts. */
function write(gate: WriteGate, name: string, started: string[]): void {
  const wait = gate.admit();
  if (wait === null) started.push(name);
  else void wait.then(() => started.push(name));
}

describe('WriteGate', () => {
  it('starts every write at once while no reads arrive', () => {
    const gate = new WriteGate(1);
    const started: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) write(gate, name, started);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('starts one write a turn, in order, while reads arrive', async () => {
    const gate = new WriteGate(1);
    const started: string[] = [];
    gate.noteRead();
    for (const name of ['a', 'b', 'c']) write(gate, name, started);
    expect(started).toEqual(['a']);
    gate.noteRead();
    await new Promise<void>((resolve) => setImmediate(resolve));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    gate.noteRead();
    await new Promise<void>((resolve) => setImmediate(resolve));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('starts every waiting write once reads stop', async () => {
    const gate = new WriteGate(1);
    const started: string[] = [];
    gate.noteRead();
    for (const name of ['a', 'b', 'c', 'd', 'e']) write(gate, name, started);
    expect(started).toEqual(['a']);
    await nextTurn();
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('lets no write wait much longer than MAX_WAIT_MS, reads or not', async () => {
    const time = clock();
    const gate = new WriteGate(1, time.now);
    const started: string[] = [];
    gate.noteRead();
    for (const name of ['a', 'b', 'c', 'd']) write(gate, name, started);
    time.advance(MAX_WAIT_MS + 1);
    gate.noteRead();
    await new Promise<void>((resolve) => setImmediate(resolve));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });
});
