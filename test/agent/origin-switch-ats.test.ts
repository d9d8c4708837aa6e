import { afterAll, beforeAll, expect, test } from 'vitest';
import { startRig, type Rig } from '../helpers/ats/cdn-rig.js';
import { startClientLoop } from '../helpers/ats/client-loop.js';
import { getVia } from '../helpers/ats/http-get.js';
import { startOrigin, type Origin } from '../helpers/ats/origin.js';

/*
 * Issue 32, finding 1: after `cdnctl origins update … && cdnctl cdns queue` the EDGEs re-mapped to the new origin
 * while the MID still mapped only the old one, and clients got 404 "Not Found on Accelerator" (and the other way
 * round when the MID applied first: the EDGEs still asked it for the old origin, which it no longer mapped). On a
 * real MID over two real EDGEs, with clients asking through both EDGEs all along, the delivery service's origin
 * moves three times, the caches' agents applying in three orders: MID first, EDGEs first (they check in before
 * their MID has applied), MID 10 s late. No client request may fail, and traffic follows to the new origin.
 */

const HOST = 'cdn.demo.cdn.test';
const ORIGINS = { a: 'origin-a.test', b: 'origin-b.test' } as const;
let rig: Rig;
const origins = {} as Record<'a' | 'b', Origin>;
const timings: string[] = [];

const urlOf = (name: 'a' | 'b') => `http://${ORIGINS[name]}:${origins[name].port}`;

beforeAll(async () => {
  origins.a = await startOrigin('a');
  origins.b = await startOrigin('b');
  rig = await startRig({
    edgeGroups: [{ name: 'edge-east', edges: 2 }],
    originUrl: urlOf('a'),
    hostNames: Object.values(ORIGINS),
  });
}, 120_000);

afterAll(async () => {
  await rig?.stop();
  await origins.a?.close();
  await origins.b?.close();
  console.log(`origin switch timings:\n  ${timings.join('\n  ')}`);
});

/** Until a new path through every EDGE comes from `to` (ATS reads a reloaded remap.config a few seconds late). */
async function trafficFollows(to: 'a' | 'b'): Promise<number> {
  const start = Date.now();
  let n = 0;
  for (const edge of rig.edges()) {
    for (;;) {
      const path = `/follow-${edge.host}-${n++}`;
      if ((await getVia(edge.ats.port, HOST, path)).body === origins[to].body(path)) break;
      if (Date.now() - start > 20_000) throw new Error(`${edge.host} does not serve from origin ${to}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return Date.now() - start;
}

/** EDGEs that applied while their MID had not (there should be none). */
const heldBack: string[] = [];
const edgeHosts = () => rig.edges().map((e) => e.host);

async function passes(hosts: string[]): Promise<string[]> {
  const written: string[] = [];
  for (const host of hosts) if ((await rig.pass(host)).written.length > 0) written.push(host);
  return written;
}

const orders: Array<[string, 'a' | 'b', () => Promise<void>]> = [
  [
    'MID first, then the EDGEs',
    'b',
    async () => {
      expect(await passes(['mid-01'])).toEqual(['mid-01']);
      expect(await passes(edgeHosts())).toEqual(edgeHosts());
    },
  ],
  [
    'the EDGEs check in first, then the MID, then the EDGEs again',
    'a',
    async () => {
      heldBack.push(...(await passes(edgeHosts())));
      await passes(['mid-01']);
      await passes(edgeHosts().reverse());
    },
  ],
  [
    'the MID 10 s late: the EDGEs check in every second meanwhile',
    'b',
    async () => {
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        heldBack.push(...(await passes(edgeHosts())));
        await new Promise((r) => setTimeout(r, 1000));
      }
      await passes(['mid-01']);
      await passes(edgeHosts());
    },
  ],
];

for (const [name, to, apply] of orders) {
  test(`origin moves to ${to}, ${name}: no client request fails, traffic follows`, async () => {
    const clients = startClientLoop(
      rig.edges().map((e) => e.ats.port),
      HOST,
    );
    const started = Date.now();
    try {
      await rig.moveOrigin(ORIGINS[to], origins[to].port);
      await apply();
      // Every cache has applied: one more round changes nothing on disk.
      expect(await passes(['mid-01', ...edgeHosts()])).toEqual([]);
      // Every cache has applied: the transition is over, the MID's next files map only the new origin.
      const mid = await rig.admin.raw('GET', '/api/1.4/servers/mid-01/configfiles/ats/remap.config');
      expect(mid.text).toContain(`map ${urlOf(to)}/`);
      expect(mid.text).not.toContain(ORIGINS[to === 'a' ? 'b' : 'a']);
      const follows = await trafficFollows(to);
      timings.push(
        `${name}: ${Date.now() - started} ms, ${clients.answers.length} client requests, ${clients.failures().length} failed; traffic on ${to} ${follows} ms after the last pass`,
      );
    } finally {
      await clients.stop();
    }
    const failed = clients.failures();
    const logs = [...rig.caches.values()].flatMap((c) => c.log.slice(-6));
    expect(
      failed.map((f) => `${f.status} ${f.body.split('\n')[0]}`).slice(0, 5),
      `${failed.length} of ${clients.answers.length} client requests failed\n${logs.join('\n')}`,
    ).toEqual([]);
    expect(clients.answers.length).toBeGreaterThan(20);
    expect(heldBack, 'EDGEs that applied before their MID').toEqual([]);
  }, 90_000);
}
