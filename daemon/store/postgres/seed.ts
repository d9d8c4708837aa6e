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
import type { PgClient } from './pool.js';
import { seedBuiltinChecksPg } from './servercheck-seed.js';
import { statement } from './statement.js';

/** The transaction lock seeding and the first admin take: daemons starting at once seed one after the other. */
export const SEED_LOCK = 0x63646e637364; // "cdncsd"

const lock = statement<[number]>('seed_lock', 'SELECT pg_advisory_xact_lock($1::bigint)');
const role = statement<[number, string, string, number]>(
  'seed_role',
  'INSERT INTO roles (id, name, description, priv_level) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
);
const tenant = statement<[number]>(
  'seed_tenant_root',
  "INSERT INTO tenants (id, name, active, parent_id, last_updated) VALUES (1, 'root', 1, NULL, $1) ON CONFLICT DO NOTHING",
);
const cdn = statement<[number]>(
  'seed_cdn_all',
  `INSERT INTO cdns (name, domain_name, dnssec_enabled, last_updated) SELECT 'ALL', '-', 0, $1::bigint
    WHERE NOT EXISTS (SELECT 1 FROM cdns WHERE name = 'ALL') ON CONFLICT DO NOTHING`,
);
const type = statement<[string, string, string]>(
  'seed_type',
  `INSERT INTO types (name, description, use_in_table) SELECT $1::text, $2::text, $3::text
    WHERE NOT EXISTS (SELECT 1 FROM types WHERE name = $1 AND use_in_table = $3) ON CONFLICT DO NOTHING`,
);
const profile = statement<[number]>(
  'seed_profile_global',
  `INSERT INTO profiles (name, description, type, cdn_id, routing_disabled, last_updated)
   SELECT 'GLOBAL', 'Global Traffic Ops profile, DO NOT DELETE', 'UNK_PROFILE', id, 0, $1 FROM cdns WHERE name = 'ALL'
      AND NOT EXISTS (SELECT 1 FROM profiles WHERE name = 'GLOBAL')
   ON CONFLICT DO NOTHING`,
);
const hasReval = statement<[], { n: number }>(
  'seed_has_reval',
  `SELECT count(*) AS n FROM profile_parameters pp JOIN profiles pr ON pr.id = pp.profile_id
     JOIN parameters p ON p.id = pp.parameter_id
    WHERE pr.name = 'GLOBAL' AND p.name = 'maxRevalDurationDays' AND p.config_file = 'regex_revalidate.config'`,
);
const param = statement<[number]>(
  'seed_reval_param',
  `INSERT INTO parameters (name, config_file, value, secure, last_updated)
   SELECT 'maxRevalDurationDays', 'regex_revalidate.config', '90', 0, $1::bigint
    WHERE NOT EXISTS (SELECT 1 FROM parameters
                       WHERE name = 'maxRevalDurationDays' AND config_file = 'regex_revalidate.config' AND value = '90')
   ON CONFLICT DO NOTHING`,
);
const link = statement(
  'seed_reval_link',
  `INSERT INTO profile_parameters (profile_id, parameter_id)
   SELECT pr.id, p.id FROM profiles pr, parameters p
    WHERE pr.name = 'GLOBAL' AND p.name = 'maxRevalDurationDays' AND p.config_file = 'regex_revalidate.config'
      AND p.value = '90'
   ON CONFLICT DO NOTHING`,
);
const syncIdentities = statement('seed_sync_identities', 'SELECT cdnctl_sync_identities()');

/** Takes the seed lock for the rest of `client`'s transaction. */
export async function lockSeed(client: PgClient): Promise<void> {
  await lock.run(client, SEED_LOCK);
}

/**
 * PostgreSQL form of daemon/store/seed.ts, on `client` inside a transaction: the same rows, inserted when
 * missing, under a transaction lock so daemons starting at once on one database do not race the check for the
 * GLOBAL profile's parameter. A row already there draws no id (NOT EXISTS before the insert: PostgreSQL's
 * ON CONFLICT would take one from the sequence), so ids follow on as in SQLite however often daemons start.
 * Roles and tenant root carry fixed ids: identities move past them afterwards.
 */
export async function seedPg(client: PgClient, now: number): Promise<void> {
  await lockSeed(client);
  for (const r of SEED_ROLES) await role.run(client, ...r);
  await tenant.run(client, now);
  await cdn.run(client, now);
  const lists: Array<[readonly string[], string, string]> = [
    [DELIVERY_SERVICE_TYPES, 'delivery service', 'deliveryservice'],
    [CACHEGROUP_TYPES, 'cache group', 'cachegroup'],
    [PROFILE_TYPES, 'profile', 'profile'],
    [SERVER_TYPES, 'cache', 'server'],
    [EXTENSION_TYPES, 'extension', 'to_extension'],
    [REGEX_TYPES, 'regex', 'regex'],
    [FEDERATION_RESOLVER_TYPES, 'federation resolver', 'federation'],
  ];
  for (const [names, what, table] of lists) for (const t of names) await type.run(client, t, `${t} ${what}`, table);
  await seedBuiltinChecksPg(client, now);
  await profile.run(client, now);
  if (((await hasReval.get(client))?.n ?? 0) === 0) {
    await param.run(client, now);
    await link.run(client);
  }
  await syncIdentities.run(client);
}
