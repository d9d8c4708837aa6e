import fc from 'fast-check';
import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';

/*
 * Random API writes for the snapshot round-trip property (issue 28, finding 4): every write route whose result a
 * snapshot carries (jobs, origins, users, federation users, servers, their status and assignments), with values
 * drawn from small pools so that the same purge, name or host comes up twice. Refused writes are part of the
 * game (they must leave a state that still round-trips); a 5xx fails the run.
 */

/** What the writes refer to: the app and an admin session. */
export interface World {
  t: TestApp;
  cookie: string;
  /** The app's clock at the start: purge start times are counted from it. */
  now: number;
}

const pick = <T>(items: readonly T[]) => fc.constantFrom(...items);
const DSES = ['ds1', 'ds2', 'ds3'] as const;
const REGEXES = ['/a/.*', '/b\\.png', '/c/[0-9]+', '/a/.*'] as const;
/** Ordinary texts a form may send: empty, blank, padded, accented. */
const TEXTS = ['', ' ', 'Acme', ' padded ', 'Zoë Ltd', null] as const;
const HOSTS = ['edge9a', 'edge9b', 'mid9', 'edge1a'] as const;
const STATUSES = ['ONLINE', 'OFFLINE', 'REPORTED', 'ADMIN_DOWN', 'PRE_PROD'] as const;

const purge = fc.record({
  kind: fc.constant('purge' as const),
  api: pick(['1.4', '1.1'] as const),
  ds: pick(DSES),
  regex: pick(REGEXES),
  startHours: pick([1, 2, 30]),
  ttl: pick([1, 24]),
});
const editJob = fc.record({
  kind: fc.constant('editJob' as const),
  which: fc.nat(5),
  regex: pick(REGEXES),
  startHours: pick([1, 3]),
  ttl: pick([2, 24]),
});
const deleteJob = fc.record({ kind: fc.constant('deleteJob' as const), which: fc.nat(5) });
const originFields = {
  name: pick(['o-one', 'o-two', 'o-three']),
  ds: pick([1, 2, 3]),
  fqdn: pick(['one.example.test', 'two.example.test']),
  protocol: pick(['http', 'https']),
  port: pick([null, 8080]),
  ipAddress: pick([null, '192.0.2.7']),
  ip6Address: pick([null, '2001:db8::9']),
  tenant: pick([null, 'root', 'tenant-a']),
  coordinate: pick([null, 'coord1']),
  profile: pick([null, 'ORG_PROFILE1']),
};
const origin = fc.record({ kind: fc.constant('origin' as const), ...originFields });
const editOrigin = fc.record({ kind: fc.constant('editOrigin' as const), which: fc.nat(5), ...originFields });
const deleteOrigin = fc.record({ kind: fc.constant('deleteOrigin' as const), which: fc.nat(5) });
const user = fc.record({
  kind: fc.constant('user' as const),
  name: pick(['u_one', 'u_two', 'u_three']),
  /** Null: the user's own address; else one that another user may have in another case. */
  email: pick([null, 'Shared@Example.test', 'shared@example.test']),
  role: pick([2, 3, 4, 5]),
  tenant: pick(['root', 'tenant-a']),
  company: pick(TEXTS),
  newUser: fc.boolean(),
});
const register = fc.record({
  kind: fc.constant('register' as const),
  name: pick(['inv1', 'inv2']),
  tenant: pick(['root', 'tenant-a']),
});
const profile = fc.record({
  kind: fc.constant('profile' as const),
  fullName: pick(['Administrator', ' Admin ', 'Ädmin']),
  /** Null keeps the name; the API lets the admin rename itself. */
  username: pick([null, null, 'chief']),
  company: pick(TEXTS),
  city: pick(TEXTS),
  gid: pick([null, 0, 1000, '42', -1]),
});
const fedUsers = fc.record({
  kind: fc.constant('fedUsers' as const),
  users: fc.subarray(['ro_user', 'ops_user', 'u_one', 'admin']),
  replace: fc.boolean(),
});
const fedUserDelete = fc.record({
  kind: fc.constant('fedUserDelete' as const),
  username: pick(['ro_user', 'ops_user', 'u_one']),
});
const serverFields = {
  host: pick(HOSTS),
  mid: fc.boolean(),
  status: pick(STATUSES),
  reason: pick([null, 'maintenance', ' ']),
  interfaceName: pick(['eth0', 'bond0', ' ']),
  interfaceMtu: pick([null, 1280, 9000]),
  httpsPort: pick([null, 443]),
  ip6Address: pick([null, '2001:db8::7/64']),
  ipAddress: pick(['127.0.0.1', null]),
  ipNetmask: pick([null, '255.255.255.0']),
  tcpPort: pick([null, 8080]),
};
const server = fc.record({ kind: fc.constant('server' as const), ...serverFields });
const editServer = fc.record({ kind: fc.constant('editServer' as const), which: fc.nat(9), ...serverFields });
const deleteServer = fc.record({ kind: fc.constant('deleteServer' as const), which: fc.nat(9) });
const status = fc.record({
  kind: fc.constant('status' as const),
  which: fc.nat(9),
  status: pick(STATUSES),
  reason: pick([null, 'down for work', '']),
});
const assign = fc.record({
  kind: fc.constant('assign' as const),
  ds: pick(DSES),
  hosts: fc.subarray([...HOSTS, 'edge1b', 'edge2a']),
});

/** One API write. */
export const apiWrite = fc.oneof(
  purge,
  purge,
  editJob,
  deleteJob,
  origin,
  editOrigin,
  deleteOrigin,
  user,
  register,
  profile,
  fedUsers,
  fedUserDelete,
  server,
  editServer,
  deleteServer,
  status,
  assign,
);
export type Write = typeof apiWrite extends fc.Arbitrary<infer T> ? T : never;

interface Answer {
  statusCode: number;
  body: string;
}

async function call(
  w: World,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<Answer> {
  const res = await w.t.app.inject({ method, url, headers: { cookie: w.cookie }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  return res;
}

/** The records of a GET list, and the one at `which` (wrapping around), or null when there are none. */
async function nth<T>(w: World, url: string, which: number): Promise<T | null> {
  const list = (JSON.parse((await call(w, 'GET', url)).body) as { response: T[] }).response;
  return list.length === 0 ? null : list[which % list.length];
}

const timeIn = (w: World, hours: number) =>
  new Date(w.now + hours * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
const idOf = async (w: World, url: string, key: string, value: string) => {
  const found = (
    JSON.parse((await call(w, 'GET', url)).body) as { response: Array<Record<string, unknown>> }
  ).response.find((r) => r[key] === value);
  // Some lists (the seed's shapes) carry ids as strings.
  return found === undefined ? null : Number(found.id);
};

type Handlers = { [K in Write['kind']]: (w: World, a: Extract<Write, { kind: K }>) => Promise<unknown> };

const jobHandlers = {
  async purge(w, a) {
    if (a.api === '1.4')
      return call(w, 'POST', '/api/1.4/jobs', {
        deliveryService: a.ds,
        regex: a.regex,
        startTime: timeIn(w, a.startHours),
        ttl: a.ttl,
      });
    const dsId = await idOf(w, '/api/1.3/deliveryservices', 'xmlId', a.ds);
    return call(w, 'POST', '/api/1.1/user/current/jobs', {
      dsId,
      regex: a.regex,
      startTime: timeIn(w, a.startHours),
      ttl: a.ttl,
    });
  },
  async editJob(w, a) {
    const job = await nth<{ id: number; assetUrl: string; deliveryService: string }>(w, '/api/1.4/jobs', a.which);
    if (!job) return null;
    const base = /^https?:\/\/[^/]+/.exec(job.assetUrl)?.[0] ?? '';
    return call(w, 'PUT', `/api/1.4/jobs?id=${job.id}`, {
      assetUrl: base + a.regex,
      parameters: `TTL:${a.ttl}h`,
      startTime: timeIn(w, a.startHours),
    });
  },
  async deleteJob(w, a) {
    const job = await nth<{ id: number }>(w, '/api/1.4/jobs', a.which);
    return job && call(w, 'DELETE', `/api/1.4/jobs?id=${job.id}`);
  },
} satisfies Partial<Handlers>;

type OriginWrite = Extract<Write, { kind: 'origin' }> | Extract<Write, { kind: 'editOrigin' }>;

const originBody = async (w: World, a: OriginWrite) => ({
  name: a.name,
  fqdn: a.fqdn,
  protocol: a.protocol,
  port: a.port,
  ipAddress: a.ipAddress,
  ip6Address: a.ip6Address,
  deliveryServiceId: a.ds,
  tenantId: a.tenant && (await idOf(w, '/api/1.3/tenants', 'name', a.tenant)),
  // No route lists coordinates: read the id where it is.
  coordinateId:
    a.coordinate &&
    w.t.db.prepare<[string], number>('SELECT id FROM coordinates WHERE name = ?').pluck().get(a.coordinate),
  profileId: a.profile && (await idOf(w, '/api/1.3/profiles', 'name', a.profile)),
});

const originHandlers = {
  origin: async (w, a) => call(w, 'POST', '/api/1.3/origins', await originBody(w, a)),
  async editOrigin(w, a) {
    const o = await nth<{ id: number }>(w, '/api/1.3/origins?primary=false', a.which);
    return o && call(w, 'PUT', `/api/1.3/origins?id=${o.id}`, await originBody(w, a));
  },
  async deleteOrigin(w, a) {
    const o = await nth<{ id: number }>(w, '/api/1.3/origins?primary=false', a.which);
    return o && call(w, 'DELETE', `/api/1.3/origins?id=${o.id}`);
  },
} satisfies Partial<Handlers>;

export { jobHandlers, originHandlers, call, idOf, nth };
