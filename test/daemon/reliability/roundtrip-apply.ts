import { call, idOf, jobHandlers, nth, originHandlers, type Write, type World } from './roundtrip-writes.js';

/* The user and cache writes of the round-trip property, and `applyWrite`, which sends any write of roundtrip-writes.ts. */

type Handlers = { [K in Write['kind']]: (w: World, a: Extract<Write, { kind: K }>) => Promise<unknown> };

const tenantId = (w: World, name: string) => idOf(w, '/api/1.3/tenants', 'name', name);
const userId = (w: World, name: string) => idOf(w, '/api/1.3/users', 'username', name);
const federationId = async (w: World) => (await nth<{ id: number }>(w, '/api/1.3/federations/catalog', 0))?.id ?? 1;

const userHandlers = {
  async user(w, a) {
    const password = 'RoundTr1pPassw0rd!';
    return call(w, 'POST', '/api/1.3/users', {
      username: a.name,
      email: a.email ?? `${a.name}@example.test`,
      fullName: a.name.toUpperCase(),
      localPassword: password,
      confirmLocalPassword: password,
      role: a.role,
      tenantId: await tenantId(w, a.tenant),
      company: a.company,
      newUser: a.newUser,
    });
  },
  async register(w, a) {
    return call(w, 'POST', '/api/1.3/users/register', {
      email: `${a.name}@example.test`,
      role: 3,
      tenantId: await tenantId(w, a.tenant),
    });
  },
  profile: (w, a) =>
    call(w, 'PUT', '/api/1.3/user/current', {
      user: {
        fullName: a.fullName,
        company: a.company,
        city: a.city,
        gid: a.gid,
        ...(a.username ? { username: a.username } : {}),
      },
    }),
  async fedUsers(w, a) {
    const ids = await Promise.all(a.users.map((u) => userId(w, u)));
    return call(w, 'POST', `/api/1.3/federations/${await federationId(w)}/users`, {
      userIds: ids.filter((id) => id !== null),
      replace: a.replace,
    });
  },
  async fedUserDelete(w, a) {
    const id = await userId(w, a.username);
    return id && call(w, 'DELETE', `/api/1.3/federations/${await federationId(w)}/users/${id}`);
  },
} satisfies Partial<Handlers>;

type ServerWrite = Extract<Write, { kind: 'server' }> | Extract<Write, { kind: 'editServer' }>;

const serverBody = (a: ServerWrite, hostName: string) => ({
  hostName,
  domainName: 'cdn1.example.test',
  ipAddress: a.ipAddress ?? (a.ip6Address ? null : '127.0.0.1'),
  ipNetmask: a.ipNetmask,
  tcpPort: a.tcpPort,
  cachegroup: a.mid ? 'mid-cg' : 'edge-cg1',
  cdnName: 'cdn1',
  profile: a.mid ? 'MID_PROFILE1' : 'EDGE_PROFILE1',
  type: a.mid ? 'MID' : 'EDGE',
  status: a.status,
  offlineReason: a.reason,
  interfaceName: a.interfaceName,
  interfaceMtu: a.interfaceMtu,
  httpsPort: a.httpsPort,
  ip6Address: a.ip6Address,
});

const serverHandlers = {
  server: (w, a) => call(w, 'POST', '/api/1.3/servers', serverBody(a, a.host)),
  async editServer(w, a) {
    const s = await nth<{ id: number; hostName: string }>(w, '/api/1.3/servers', a.which);
    return s && call(w, 'PUT', `/api/1.3/servers/${s.id}`, serverBody(a, s.hostName));
  },
  async deleteServer(w, a) {
    const s = await nth<{ id: number }>(w, '/api/1.3/servers', a.which);
    return s && call(w, 'DELETE', `/api/1.3/servers/${s.id}`);
  },
  async status(w, a) {
    const s = await nth<{ id: number }>(w, '/api/1.3/servers', a.which);
    return s && call(w, 'PUT', `/api/1.3/servers/${s.id}/status`, { status: a.status, offlineReason: a.reason });
  },
  assign: (w, a) => call(w, 'POST', `/api/1.3/deliveryservices/${a.ds}/servers`, { serverNames: a.hosts }),
} satisfies Partial<Handlers>;

const HANDLERS: Handlers = { ...jobHandlers, ...originHandlers, ...userHandlers, ...serverHandlers };

/** Sends one write (a refused one included); fails on a 5xx. */
export async function applyWrite(w: World, write: Write): Promise<void> {
  await (HANDLERS[write.kind] as (w: World, a: Write) => Promise<unknown>)(w, write);
}
