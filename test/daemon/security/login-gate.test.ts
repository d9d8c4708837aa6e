import { describe, expect, it } from 'vitest';
import { BusyError } from '../../../daemon/http/errors.js';
import { LoginGate, type Admission, type GateLimits } from '../../../daemon/services/auth/login-gate.js';

/**
 * The login gate's order of service (issue 28, finding 6), with tiny limits so each rule shows: waiters are
 * served round robin by address, known pairs have slots of their own and go first, a full queue makes the
 * busiest address give way, and the per-address and per-username bounds answer 429 at once.
 */

const limits = (over: Partial<GateLimits>): GateLimits => ({
  perAddress: 4,
  perAccount: 99,
  total: 1,
  reserved: 0,
  waiting: 10,
  waitMs: 60_000,
  ...over,
});
const unknown = async () => false;
const known = async () => true;

/** Enters and notes, in `order`, the name of each attempt when it is admitted. */
function entering(
  gate: LoginGate,
  order: string[],
  name: string,
  address: string,
  isKnown = unknown,
  username = name,
): Promise<Admission> {
  return gate.enter(address, username, isKnown).then((admission) => {
    order.push(name);
    return admission;
  });
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('LoginGate', () => {
  it('serves waiters one address after another, not in order of arrival', async () => {
    const gate = new LoginGate(limits({}));
    const order: string[] = [];
    const running = [entering(gate, order, 'a1', 'A')];
    await settle();
    for (const name of ['a2', 'a3', 'a4']) running.push(entering(gate, order, name, 'A'));
    await settle();
    running.push(entering(gate, order, 'b1', 'B'));
    await settle();
    for (let i = 0; i < 4; i++) {
      (await running[[0, 1, 4, 2][i]!]!).release();
      await settle();
    }
    (await running[3]!).release();
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });

  it('keeps reserved slots for known pairs, which also go first', async () => {
    const gate = new LoginGate(limits({ total: 2, reserved: 1 }));
    const order: string[] = [];
    const first = entering(gate, order, 'u1', 'A');
    const second = entering(gate, order, 'u2', 'B');
    const mine = entering(gate, order, 'k1', 'K', known, 'admin');
    await settle();
    expect(order).toEqual(['u1', 'k1']);
    const knownAgain = entering(gate, order, 'k2', 'K', known, 'admin');
    await settle();
    (await first).release();
    await settle();
    expect(order).toEqual(['u1', 'k1', 'k2']);
    (await mine).release();
    await settle();
    expect(order).toEqual(['u1', 'k1', 'k2', 'u2']);
    for (const admission of [await second, await knownAgain]) admission.release();
  });

  it('when the queue is full, the address with the most waiters gives way to a new one; else 503', async () => {
    const gate = new LoginGate(limits({ waiting: 2 }));
    const order: string[] = [];
    const a1 = await entering(gate, order, 'a1', 'A');
    const a2 = entering(gate, order, 'a2', 'A');
    const a3 = entering(gate, order, 'a3', 'A').catch((error: BusyError) => error.status);
    await settle();
    const b1 = entering(gate, order, 'b1', 'B');
    expect(await a3).toBe(503);
    // B has one waiter and A one: neither gives way to C.
    await expect(entering(gate, order, 'c1', 'C')).rejects.toMatchObject({ status: 503, retryAfterSeconds: 1 });
    a1.release();
    (await a2).release();
    (await b1).release();
    expect(order).toEqual(['a1', 'a2', 'b1']);
  });

  it('answers 429 at once past the attempts of one address, or of one username from pairs not known', async () => {
    const gate = new LoginGate(limits({ total: 10, perAddress: 2, perAccount: 2 }));
    const held = [await gate.enter('A', 'x', unknown), await gate.enter('A', 'y', unknown)];
    await expect(gate.enter('A', 'z', unknown)).rejects.toMatchObject({ status: 429 });
    held.push(await gate.enter('B', 'admin', unknown), await gate.enter('C', 'admin', unknown));
    await expect(gate.enter('D', 'admin', unknown)).rejects.toMatchObject({ status: 429 });
    held.push(await gate.enter('E', 'admin', known));
    for (const admission of held) admission.release();
    expect((await gate.enter('A', 'admin', unknown)).known).toBe(false);
  });

  it('refuses a waiter with 503 once it waited waitMs', async () => {
    const gate = new LoginGate(limits({ waitMs: 20 }));
    const first = await gate.enter('A', 'x', unknown);
    await expect(gate.enter('B', 'y', unknown)).rejects.toMatchObject({ status: 503 });
    first.release();
    (await gate.enter('B', 'y', unknown)).release();
  });
});
