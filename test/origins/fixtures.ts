/**
 * Test data for origins, federation users and profiles: the golden setup (cdn1, tenant-a under root, ds1-ds3
 * with primary origins, fed1.example.test.) written with SQL, plus the users each role test needs. Shared by
 * test/origins, test/federations and test/profiles.
 */
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../daemon/security/passwords.js';
import type { Db } from '../../daemon/store/db.js';
import { ADMIN_PASSWORD, login } from '../helpers/app.js';

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

/** Inserts the fixture records into a bootstrapped database (roles, root, CDN ALL, GLOBAL and admin exist). */
export async function loadFixtures(db: Db, now: number): Promise<Fixture> {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const id = (sql: string, ...params: unknown[]) => Number(db.prepare(sql).run(...params).lastInsertRowid);
  const one = (sql: string, ...params: unknown[]) => (db.prepare(sql).get(...params) as { id: number }).id;
  const typeId = (name: string, table: string) => one('SELECT id FROM types WHERE name = ? AND use_in_table = ?', name, table);

  const rootTenant = one("SELECT id FROM tenants WHERE name = 'root'");
  const cdnAll = one("SELECT id FROM cdns WHERE name = 'ALL'");
  const globalProfile = one("SELECT id FROM profiles WHERE name = 'GLOBAL'");
  const tenantA = id("INSERT INTO tenants (name, active, parent_id, last_updated) VALUES ('tenant-a', 1, ?, ?)", rootTenant, now);
  const cdn1 = id("INSERT INTO cdns (name, domain_name, last_updated) VALUES ('cdn1', 'cdn1.example.test', ?)", now);
  const coord1 = id("INSERT INTO coordinates (name, latitude, longitude, last_updated) VALUES ('coord1', 41, -87, ?)", now);
  const cg1 = id(
    "INSERT INTO cachegroups (name, short_name, type_id, coordinate_id, last_updated) VALUES ('org-cg1', 'orgcg1', ?, ?, ?)",
    typeId('ORG_LOC', 'cachegroup'), coord1, now,
  );
  const orgProfile = id(
    "INSERT INTO profiles (name, description, type, cdn_id, last_updated) VALUES ('ORG_PROFILE1', 'origin profile one', 'ORG_PROFILE', ?, ?)",
    cdn1, now,
  );
  const http = typeId('HTTP', 'deliveryservice');
  const ds = (xmlId: string, tenant: number) =>
    id(
      'INSERT INTO deliveryservices (xml_id, display_name, tenant_id, cdn_id, type_id, last_updated) VALUES (?, ?, ?, ?, ?, ?)',
      xmlId, `DS ${xmlId}`, tenant, cdn1, http, now,
    );
  const ds1 = ds('ds1', rootTenant);
  const ds2 = ds('ds2', tenantA);
  const ds3 = ds('ds3', rootTenant);
  const primaryOrigin = (dsId: number, xmlId: string, tenant: number) =>
    id(
      `INSERT INTO origins (name, fqdn, protocol, is_primary, deliveryservice_id, tenant_id, last_updated)
       VALUES (?, ?, 'http', 1, ?, ?, ?)`,
      xmlId, `${xmlId}-origin.example.test`, dsId, tenant, now,
    );
  const primary = {
    ds1: primaryOrigin(ds1, 'ds1', rootTenant),
    ds2: primaryOrigin(ds2, 'ds2', tenantA),
    ds3: primaryOrigin(ds3, 'ds3', rootTenant),
  };
  const federation = (cname: string, dsId: number) => {
    const fed = id("INSERT INTO federations (cname, ttl, description, cdn_id, last_updated) VALUES (?, 60, 'fixture', ?, ?)", cname, cdn1, now);
    db.prepare('INSERT INTO federation_deliveryservices (federation_id, deliveryservice_id) VALUES (?, ?)').run(fed, dsId);
    return fed;
  };
  const fed1 = federation('fed1.example.test.', ds1);
  const fed2 = federation('fed2.example.test.', ds2);

  const users = { admin: one("SELECT id FROM users WHERE username = 'admin'") } as Record<UserKey, number>;
  for (const [key, u] of Object.entries(USERS)) {
    users[key as UserKey] = id(
      `INSERT INTO users (username, email, full_name, local_passwd, role_id, tenant_id, company, new_user, last_updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      u.username, `${u.username}@example.test`, `Full ${u.username}`, hash, u.roleId,
      u.tenant === 'root' ? rootTenant : tenantA, `${u.username} co`, now,
    );
  }
  return { rootTenant, tenantA, cdnAll, cdn1, coord1, cg1, globalProfile, orgProfile, ds1, ds2, ds3, primary, fed1, fed2, users };
}

/** Logs every fixture user in once; answers their cookies by key. */
export async function loginAll(app: FastifyInstance): Promise<Record<UserKey, string>> {
  const cookies = { admin: await login(app, 'admin', ADMIN_PASSWORD) } as Record<UserKey, string>;
  for (const [key, u] of Object.entries(USERS)) cookies[key as UserKey] = await login(app, u.username, PASSWORD);
  return cookies;
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
