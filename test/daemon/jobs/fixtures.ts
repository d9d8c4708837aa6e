import type { Db } from '../../../daemon/store/sqlite/db.js';
import { hashPassword } from '../../../daemon/services/auth/passwords.js';
import { ADMIN_PASSWORD, login, makeApp, type TestApp } from '../../helpers/app.js';

/** The password of every fixture user but admin. */
export const USER_PASSWORD = '0psUserPassw0rd';

/** The golden data's shape (BEHAVIOR.md §7, setup.snapshot.json) plus the edge cases the purge rules need. */
export interface JobWorld {
  cdn1: number;
  cdn2: number;
  /** Root tenant, origin http://ds1-origin.example.test. */
  ds1: number;
  /** Tenant tenant-a, origin http://ds2-origin.example.test. */
  ds2: number;
  /** Root tenant, origin http://ds3-origin.example.test. */
  ds3: number;
  /** Root tenant, only a non-primary origin. */
  dsNoOrigin: number;
  /** CDN cdn2, origin https://secure.example.test:8443. */
  dsPort: number;
  tenantA: number;
}

function insertDeliveryService(db: Db, xmlId: string, tenantId: number, cdnId: number, now: number): number {
  const type = db.prepare("SELECT id FROM types WHERE name = 'HTTP' AND use_in_table = 'deliveryservice'").get() as {
    id: number;
  };
  return Number(
    db
      .prepare(
        'INSERT INTO deliveryservices (xml_id, display_name, tenant_id, cdn_id, type_id, last_updated) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(xmlId, xmlId.toUpperCase(), tenantId, cdnId, type.id, now).lastInsertRowid,
  );
}

function insertOrigin(
  db: Db,
  dsId: number,
  name: string,
  url: { protocol: string; fqdn: string; port: number | null },
  primary: boolean,
  now: number,
): void {
  db.prepare(
    `INSERT INTO origins (name, fqdn, protocol, is_primary, port, deliveryservice_id, tenant_id, last_updated)
     SELECT ?, ?, ?, ?, ?, id, tenant_id, ? FROM deliveryservices WHERE id = ?`,
  ).run(name, url.fqdn, url.protocol, primary ? 1 : 0, url.port, now, dsId);
}

/** Inserts tenants, CDNs, delivery services and origins with SQL (test data only). */
export function insertJobWorld(db: Db, now: number): JobWorld {
  const tenantA = Number(
    db.prepare("INSERT INTO tenants (name, active, parent_id, last_updated) VALUES ('tenant-a', 1, 1, ?)").run(now)
      .lastInsertRowid,
  );
  const cdn = db.prepare('INSERT INTO cdns (name, domain_name, dnssec_enabled, last_updated) VALUES (?, ?, 0, ?)');
  const cdn1 = Number(cdn.run('cdn1', 'cdn1.example.test', now).lastInsertRowid);
  const cdn2 = Number(cdn.run('cdn2', 'cdn2.example.test', now).lastInsertRowid);
  const ds1 = insertDeliveryService(db, 'ds1', 1, cdn1, now);
  const ds2 = insertDeliveryService(db, 'ds2', tenantA, cdn1, now);
  const ds3 = insertDeliveryService(db, 'ds3', 1, cdn1, now);
  const dsNoOrigin = insertDeliveryService(db, 'ds-no-origin', 1, cdn1, now);
  const dsPort = insertDeliveryService(db, 'ds-port', 1, cdn2, now);
  for (const [id, n] of [
    [ds1, 1],
    [ds2, 2],
    [ds3, 3],
  ]) {
    insertOrigin(db, id, `ds${n}`, { protocol: 'http', fqdn: `ds${n}-origin.example.test`, port: null }, true, now);
  }
  insertOrigin(
    db,
    dsNoOrigin,
    'ds-no-origin-secondary',
    { protocol: 'http', fqdn: 'secondary.example.test', port: null },
    false,
    now,
  );
  insertOrigin(db, dsPort, 'ds-port', { protocol: 'https', fqdn: 'secure.example.test', port: 8443 }, true, now);
  return { cdn1, cdn2, ds1, ds2, ds3, dsNoOrigin, dsPort, tenantA };
}

export type FixtureUser = 'admin' | 'ro_user' | 'ops_user' | 'tenanta_user' | 'portal_user';

/** Fixture users: role id and tenant. */
function fixtureUsers(world: JobWorld): [Exclude<FixtureUser, 'admin'>, number, number][] {
  return [
    ['ro_user', 3, 1],
    ['ops_user', 2, 1],
    ['tenanta_user', 2, world.tenantA],
    ['portal_user', 5, 1],
  ];
}

export interface JobsFixture {
  t: TestApp;
  world: JobWorld;
  cookies: Record<FixtureUser, string>;
  /** Rows in the jobs table. */
  jobCount(): number;
  userId(username: FixtureUser): number;
}

/** A fresh app with the job world and a logged-in session for each fixture user. */
export async function jobsFixture(): Promise<JobsFixture> {
  const t = await makeApp();
  const now = t.clock.now();
  const world = insertJobWorld(t.db, now);
  const hash = await hashPassword(USER_PASSWORD);
  const user = t.db.prepare(
    `INSERT INTO users (username, email, full_name, local_passwd, role_id, tenant_id, new_user, last_updated)
     VALUES (?, ?, ?, ?, ?, ?, 0, ?)`,
  );
  for (const [name, role, tenant] of fixtureUsers(world))
    user.run(name, `${name}@example.test`, name, hash, role, tenant, now);
  const cookies = { admin: await login(t.app, 'admin', ADMIN_PASSWORD) } as Record<FixtureUser, string>;
  for (const [name] of fixtureUsers(world)) cookies[name] = await login(t.app, name, USER_PASSWORD);
  return {
    t,
    world,
    cookies,
    jobCount: () => (t.db.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n,
    userId: (username) => (t.db.prepare('SELECT id FROM users WHERE username = ?').get(username) as { id: number }).id,
  };
}
