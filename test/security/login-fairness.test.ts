import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type HttpAnswer } from '../reliability/child-daemon.js';
import { eachStore } from '../helpers/store-kinds.js';
import { goldenApp, PASSWORDS, type GoldenApp } from './fixture.js';

/**
 * A login flood against fairness (issue 28, finding 6): ~32 concurrent bad logins from 8+ addresses used to fill
 * the global bound of password hashes in flight, and every other login got 503 at once, the admin's included.
 * Here 36 concurrent connections over 47 source addresses (127.0.1.x) send unknown usernames without pause while
 * the admin logs in from an address it logged in from before, and from addresses it never used. Behind a trusted
 * proxy, rotating X-Forwarded-For used to let every bad guess of one account reach scrypt.
 * Counts and ratios only: the machine may be busy with other work, so nothing here times anything.
 */

const FLOOD_CONNECTIONS = 36;
const FLOOD_ADDRESSES = 47;
/** The flood never sends more than this, whatever happens (the bound in count); see also FLOOD_DEADLINE_MS. */
const FLOOD_CAP = 1200;
const FLOOD_DEADLINE_MS = 120_000;

const agentFor = (localAddress: string) => new Agent({ localAddress, connections: 8 });

async function listening(t: GoldenApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

interface Flood {
  /** Answers by status so far. */
  statuses: Map<number, number>;
  answered(): number;
  stop(): Promise<void>;
}

/** Starts FLOOD_CONNECTIONS loops of bad logins (unknown usernames) over FLOOD_ADDRESSES source addresses. */
function startFlood(url: string): Flood {
  const agents = Array.from({ length: FLOOD_ADDRESSES }, (_, i) => agentFor(`127.0.1.${i + 1}`));
  const statuses = new Map<number, number>();
  const deadline = Date.now() + FLOOD_DEADLINE_MS;
  let sent = 0;
  let stopped = false;
  const loop = async () => {
    while (!stopped && sent < FLOOD_CAP && Date.now() < deadline) {
      const n = sent++;
      const agent = agents[n % FLOOD_ADDRESSES];
      const answer = await call(agent, `${url}/api/1.3/user/login`, { method: 'POST', body: { u: `flood-${n}`, p: 'wrong' }, timeoutMs: 60_000 }).catch(
        () => null,
      );
      const status = answer?.status ?? 0;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const loops = Promise.all(Array.from({ length: FLOOD_CONNECTIONS }, loop));
  let closed: Promise<void> | null = null;
  return {
    statuses,
    answered: () => [...statuses.values()].reduce((a, b) => a + b, 0),
    stop() {
      stopped = true;
      closed ??= loops.then(async () => {
        await Promise.all(agents.map((a) => a.close()));
      });
      return closed;
    },
  };
}

async function until(what: string, test: () => boolean, deadlineMs = 60_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

eachStore((kind) => {
  describe('an anonymous flood of bad logins from many addresses', () => {
    let t: GoldenApp;
    let url: string;
    const known = agentFor('127.0.0.3');
    beforeAll(async () => {
      t = await goldenApp({ storeKind: kind });
      url = await listening(t);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await known.close();
    });

    const login = (agent: Agent, u: string, p: string): Promise<HttpAnswer> =>
      call(agent, `${url}/api/1.3/user/login`, { method: 'POST', body: { u, p }, timeoutMs: 60_000 });

    it('keeps the admin logging in from its known address ≥ 90 % of tries, and serves new addresses too', async () => {
      // The admin logged in from 127.0.0.3 before: the daemon remembers the pair.
      expect((await login(known, 'admin', PASSWORDS.admin)).status).toBe(200);
      const flood = startFlood(url);
      try {
        // The flood is under way: its first answers are back (on the old daemon, 503s for everything over 32).
        await until('the flood to be answered', () => flood.answered() >= FLOOD_CONNECTIONS);
        const knownTries: number[] = [];
        for (let i = 0; i < 20; i++) knownTries.push((await login(known, 'admin', PASSWORDS.admin)).status);
        // Addresses the admin never logged in from: each a fresh one, so each is new to the daemon.
        const newTries: number[] = [];
        for (let i = 0; i < 10; i++) {
          const fresh = agentFor(`127.0.2.${i + 1}`);
          try {
            newTries.push((await login(fresh, 'admin', PASSWORDS.admin)).status);
          } finally {
            await fresh.close();
          }
        }
        const answeredBefore = flood.answered();
        await flood.stop();
        const ok = (xs: number[]) => xs.filter((s) => s === 200).length;
        expect(ok(knownTries), `known address: ${knownTries.join(' ')}`).toBeGreaterThanOrEqual(18);
        expect(ok(newTries), `new addresses: ${newTries.join(' ')}`).toBeGreaterThanOrEqual(5);
        // It was a real flood: it kept hashing (401) all along, and was never answered 5xx but for the bound's 503.
        expect(flood.statuses.get(401) ?? 0, JSON.stringify([...flood.statuses])).toBeGreaterThanOrEqual(FLOOD_CONNECTIONS);
        expect(answeredBefore).toBeGreaterThan(FLOOD_CONNECTIONS);
        expect([...flood.statuses.keys()].every((s) => [401, 429, 503].includes(s)), JSON.stringify([...flood.statuses])).toBe(true);
      } finally {
        await flood.stop();
      }
    }, 180_000);
  });

  describe('bad logins of one account through a trusted proxy, with rotating X-Forwarded-For', () => {
    let t: GoldenApp;
    let base: string;
    const proxy = agentFor('127.0.0.2');
    beforeAll(async () => {
      t = await goldenApp({ storeKind: kind, config: { trustProxy: ['127.0.0.2'] } });
      base = await listening(t);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await proxy.close();
    });

    const viaProxy = async (client: string, p: string) => {
      const res = await proxy.request({
        origin: base,
        path: '/api/1.3/user/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ u: 'admin', p }),
      });
      await res.body.text();
      return { status: res.statusCode, retryAfter: res.headers['retry-after'] };
    };

    it('lets only a bounded number reach the password hash, and the admin still logs in from its known address', async () => {
      expect((await viaProxy('203.0.113.50', PASSWORDS.admin)).status).toBe(200);
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => viaProxy(`198.51.100.${i + 1}`, `wrong-${i}`)));
      const statuses = answers.map((a) => a.status);
      // A 401 is a guess whose hash was computed; a 429 was refused before any hash.
      expect(statuses.every((s) => s === 401 || s === 429), statuses.join(' ')).toBe(true);
      expect(statuses.filter((s) => s === 401).length, statuses.join(' ')).toBeLessThanOrEqual(20);
      // More guesses later, one at a time, from still other addresses: refused before the hash as well.
      for (let i = 0; i < 10; i++) expect((await viaProxy(`198.51.101.${i + 1}`, 'wrong')).status).toBe(429);
      // A new address, even with the right password, waits out the account's window (the price of the cap).
      const fresh = await viaProxy('198.51.101.99', PASSWORDS.admin);
      expect(fresh.status).toBe(429);
      expect(Number(fresh.retryAfter)).toBeGreaterThan(0);
      // The pair that logged in before is not locked out.
      expect((await viaProxy('203.0.113.50', PASSWORDS.admin)).status).toBe(200);
    }, 60_000);
  });
});
