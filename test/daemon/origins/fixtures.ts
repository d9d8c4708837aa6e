/**
 * Test data for origins, federation users and profiles: the golden setup (cdn1, tenant-a under root, ds1-ds3
 * with primary origins, fed1.example.test.) loaded through the product's snapshot importer, plus the users each
 * role test needs and a tenant-a federation. Shared by test/origins, test/federations and test/profiles.
 */
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../../daemon/services/auth/passwords.js';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import type { Db } from '../../../daemon/store/sqlite/db.js';
import { ADMIN_PASSWORD, login, makeApp, type TestApp } from '../../helpers/app.js';

export const PASSWORD = 'Fixture-Passw0rd!';

/** Test users by the name tests use: username, role id, tenant. */
export const USERS = {
  ro: { username: 'ro_user', roleId: 3, tenant: 'root' },
  ops: { username: 'ops_user', roleId: 2, tenant: 'root' },
  portal: { username: 'portal_user', roleId: 5, tenant: 'root' },
  tenanta: { username: 'tenanta_user', roleId: 2, tenant: 'tenant-a' },
  tenantaAdmin: { username: 'tenanta_admin', roleId: 1, tenant: 'tenant-a' },
} as const;
export type UserKey = keyof typeof USERS | 'admin';

export interface Fixture {
  rootTenant: number;
  tenantA: number;
  cdnAll: number;
  cdn1: number;
  coord1: number;
  cg1: number;
  globalProfile: number;
  orgProfile: number;
  ds1: number;
  ds2: number;
  ds3: number;
  /** Primary origins, named after their delivery service. */
  primary: { ds1: number; ds2: number; ds3: number };
  /** fed1.example.test. serves ds1 (root); fed2.example.test. serves ds2 (tenant-a). */
  fed1: number;
  fed2: number;
  users: Record<UserKey, number>;
}

let passwordHash: Promise<string> | null = null;

const deliveryService = (xmlId: string, tenant: string) => ({
  xmlId,
  displayName: `DS ${xmlId}`,
  longDesc: `DS ${xmlId}`,
  active: true,
  cdnName: 'cdn1',
  type: 'HTTP',
  tenant,
  protocol: '0',
  routingName: 'cdn',
  orgServerFqdn: `http://${xmlId}-origin.example.test`,
  qstringIgnore: '0',
  rangeRequestHandling: '0',
  geoLimit: '0',
  geoProvider: '0',
  dscp: '0',
  initialDispersion: '1',
  ipv6RoutingEnabled: false,
  logsEnabled: false,
  missLat: '41.0',
  missLong: '-87.0',
  multiSiteOrigin: false,
  regionalGeoBlocking: false,
  signed: false,
  deepCachingType: 'NEVER',
  users: [],
});

/** The snapshot document of the fixture (GLOBAL, root, CDN ALL and admin come from bootstrap). */
function fixtureSnapshot(hash: string) {
  return {
    cdns: [{ name: 'cdn1', domainName: 'cdn1.example.test', dnssecEnabled: false }],
    tenants: [{ name: 'tenant-a', parentName: 'root', active: true }],
    coordinates: [{ name: 'coord1', latitude: 41.0, longitude: -87.0 }],
    cachegroups: [{ name: 'org-cg1', shortName: 'orgcg1', type: 'ORG_LOC', coordinate: 'coord1' }],
    profiles: [
      { name: 'ORG_PROFILE1', description: 'origin profile one', type: 'ORG_PROFILE', cdnName: 'cdn1', params: [] },
    ],
    users: Object.values(USERS).map((u) => ({
      username: u.username,
      email: `${u.username}@example.test`,
      fullName: `Full ${u.username}`,
      company: `${u.username} co`,
      role: ['', 'admin', 'operations', 'read-only', 'disallowed', 'portal'][u.roleId],
      tenant: u.tenant,
      localPasswordHash: hash,
    })),
    deliveryServices: [
      deliveryService('ds1', 'root'),
      deliveryService('ds2', 'tenant-a'),
      deliveryService('ds3', 'root'),
    ],
    federations: [
      {
        cname: 'fed1.example.test.',
        ttl: 60,
        cdnName: 'cdn1',
        description: 'federation one',
        deliveryServices: ['ds1'],
        users: [],
      },
      {
        cname: 'fed2.example.test.',
        ttl: 60,
        cdnName: 'cdn1',
        description: 'federation two',
        deliveryServices: ['ds2'],
        users: [],
      },
    ],
  };
}

/** Imports the fixture into a bootstrapped database and answers the ids tests refer to. */
export async function loadFixtures(db: Db, now: number): Promise<Fixture> {
  passwordHash ??= hashPassword(PASSWORD);
  await importSnapshot(db, fixtureSnapshot(await passwordHash), { now });
  const idOf = (table: string, column: string, value: string) =>
    (db.prepare(`SELECT id FROM ${table} WHERE ${column} = ?`).get(value) as { id: number }).id;
  const ds = (xmlId: string) => idOf('deliveryservices', 'xml_id', xmlId);
  const primary = (xmlId: string) =>
    (
      db.prepare('SELECT id FROM origins WHERE deliveryservice_id = ? AND is_primary = 1').get(ds(xmlId)) as {
        id: number;
      }
    ).id;
  const users = { admin: idOf('users', 'username', 'admin') } as Record<UserKey, number>;
  for (const [key, u] of Object.entries(USERS)) users[key as UserKey] = idOf('users', 'username', u.username);
  return {
    rootTenant: idOf('tenants', 'name', 'root'),
    tenantA: idOf('tenants', 'name', 'tenant-a'),
    cdnAll: idOf('cdns', 'name', 'ALL'),
    cdn1: idOf('cdns', 'name', 'cdn1'),
    coord1: idOf('coordinates', 'name', 'coord1'),
    cg1: idOf('cachegroups', 'name', 'org-cg1'),
    globalProfile: idOf('profiles', 'name', 'GLOBAL'),
    orgProfile: idOf('profiles', 'name', 'ORG_PROFILE1'),
    ds1: ds('ds1'),
    ds2: ds('ds2'),
    ds3: ds('ds3'),
    primary: { ds1: primary('ds1'), ds2: primary('ds2'), ds3: primary('ds3') },
    fed1: idOf('federations', 'cname', 'fed1.example.test.'),
    fed2: idOf('federations', 'cname', 'fed2.example.test.'),
    users,
  };
}

/** Logs every fixture user in once; answers their cookies by key. */
export async function loginAll(app: FastifyInstance): Promise<Record<UserKey, string>> {
  const cookies = { admin: await login(app, 'admin', ADMIN_PASSWORD) } as Record<UserKey, string>;
  for (const [key, u] of Object.entries(USERS)) cookies[key as UserKey] = await login(app, u.username, PASSWORD);
  return cookies;
}

/** A fresh app, the fixture, and a session of every test user. */
export interface FixtureApp {
  t: TestApp;
  f: Fixture;
  cookies: Record<UserKey, string>;
}

/**
 * A fresh app with the fixture loaded at `now` (default: the test clock's time), then `prepare` run on it,
 * then every test user logged in.
 */
export async function fixtureApp(
  options: { now?: number; prepare?: (t: TestApp, f: Fixture) => void } = {},
): Promise<FixtureApp> {
  const t = await makeApp();
  const f = await loadFixtures(t.db, options.now ?? t.clock.now());
  options.prepare?.(t, f);
  return { t, f, cookies: await loginAll(t.app) };
}

/** Every row of the named tables, as text: compare before and after a refused request. */
export function dumpTables(db: Db, ...tables: string[]): string {
  const allowed = new Set(['origins', 'federation_users', 'profiles', 'deliveryservices', 'users', 'federations']);
  return tables
    .map((t) => {
      if (!allowed.has(t)) throw new Error(`dumpTables: unknown table ${t}`);
      return `${t}: ${JSON.stringify(db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all())}`;
    })
    .join('\n');
}
