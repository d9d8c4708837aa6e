import type { Db } from './db.js';
import { seedBuiltinChecks } from './servercheck-seed.js';
import {
  CACHEGROUP_TYPES,
  DELIVERY_SERVICE_TYPES,
  EXTENSION_TYPES,
  PROFILE_TYPES,
  REGEX_TYPES,
  FEDERATION_RESOLVER_TYPES,
  SEED_ROLES,
  SERVER_TYPES,
} from '../seed.js';

/**
 * Fills an empty database with what every install has: roles, tenant `root`, CDN `ALL`, the type lists and the
 * GLOBAL profile with `maxRevalDurationDays` = 90. Idempotent: rows already there are left alone.
 */
export function seedDatabase(db: Db, now: number): void {
  const role = db.prepare('INSERT OR IGNORE INTO roles (id, name, description, priv_level) VALUES (?, ?, ?, ?)');
  const tenant = db.prepare(
    "INSERT OR IGNORE INTO tenants (id, name, active, parent_id, last_updated) VALUES (1, 'root', 1, NULL, ?)",
  );
  const cdn = db.prepare(
    "INSERT OR IGNORE INTO cdns (name, domain_name, dnssec_enabled, last_updated) VALUES ('ALL', '-', 0, ?)",
  );
  const type = db.prepare('INSERT OR IGNORE INTO types (name, description, use_in_table) VALUES (?, ?, ?)');
  const profile = db.prepare(
    `INSERT OR IGNORE INTO profiles (name, description, type, cdn_id, routing_disabled, last_updated)
     SELECT 'GLOBAL', 'Global Traffic Ops profile, DO NOT DELETE', 'UNK_PROFILE', id, 0, ? FROM cdns WHERE name = 'ALL'`,
  );
  const param = db.prepare(
    `INSERT OR IGNORE INTO parameters (name, config_file, value, secure, last_updated)
     VALUES ('maxRevalDurationDays', 'regex_revalidate.config', '90', 0, ?)`,
  );
  const hasReval = db.prepare<[], { n: number }>(
    `SELECT count(*) AS n FROM profile_parameters pp JOIN profiles pr ON pr.id = pp.profile_id
       JOIN parameters p ON p.id = pp.parameter_id
      WHERE pr.name = 'GLOBAL' AND p.name = 'maxRevalDurationDays' AND p.config_file = 'regex_revalidate.config'`,
  );
  const link = db.prepare(
    `INSERT OR IGNORE INTO profile_parameters (profile_id, parameter_id)
     SELECT pr.id, p.id FROM profiles pr, parameters p
      WHERE pr.name = 'GLOBAL' AND p.name = 'maxRevalDurationDays' AND p.config_file = 'regex_revalidate.config'
        AND p.value = '90'`,
  );
  db.transaction(() => {
    for (const r of SEED_ROLES) role.run(...r);
    tenant.run(now);
    cdn.run(now);
    for (const t of DELIVERY_SERVICE_TYPES) type.run(t, `${t} delivery service`, 'deliveryservice');
    for (const t of CACHEGROUP_TYPES) type.run(t, `${t} cache group`, 'cachegroup');
    for (const t of PROFILE_TYPES) type.run(t, `${t} profile`, 'profile');
    for (const t of SERVER_TYPES) type.run(t, `${t} cache`, 'server');
    for (const t of EXTENSION_TYPES) type.run(t, `${t} extension`, 'to_extension');
    for (const t of REGEX_TYPES) type.run(t, `${t} regex`, 'regex');
    for (const t of FEDERATION_RESOLVER_TYPES) type.run(t, `${t} federation resolver`, 'federation');
    seedBuiltinChecks(db, now);
    profile.run(now);
    if ((hasReval.get()?.n ?? 0) === 0) {
      param.run(now);
      link.run();
    }
  })();
}

/** True when the database has no users yet: the first start, which creates `admin`. */
export function hasNoUsers(db: Db): boolean {
  return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM users').get()!.n === 0;
}
