import { CACHEGROUP_INFO_SQL, cachegroupInfo, type CachegroupInfoRow } from '../snapshot-cachegroups.js';
import type { KnownRecords } from '../snapshot-types.js';
import type { PgQueryable } from './pool.js';
import { statement } from './statement.js';
import { readKnownPlacesPg } from './snapshot-places.js';

const tenants = statement<[], { name: string; parent: string | null }>(
  'snap_known_tenants',
  'SELECT t.name, p.name AS parent FROM tenants t LEFT JOIN tenants p ON p.id = t.parent_id',
);
const users = statement<[], { username: string; email: string }>(
  'snap_known_users',
  'SELECT username, email FROM users',
);
const dses = statement<
  [],
  { xml_id: string; protocol: string | null; fqdn: string | null; port: number | null; cdn: string }
>(
  'snap_known_dses',
  `SELECT ds.xml_id, o.protocol, o.fqdn, o.port, c.name AS cdn FROM deliveryservices ds JOIN cdns c ON c.id = ds.cdn_id
     LEFT JOIN origins o ON o.deliveryservice_id = ds.id AND o.is_primary = 1`,
);
const origins = statement<[], { name: string; xml_id: string; is_primary: number }>(
  'snap_known_origins',
  'SELECT o.name, ds.xml_id, o.is_primary FROM origins o JOIN deliveryservices ds ON ds.id = o.deliveryservice_id',
);
const jobs = statement<[], { id: number; xml_id: string }>(
  'snap_known_jobs',
  'SELECT j.id, ds.xml_id FROM jobs j JOIN deliveryservices ds ON ds.id = j.deliveryservice_id',
);
const named = {
  cdns: statement<[], { name: string }>('snap_known_cdns', 'SELECT name FROM cdns'),
  coordinates: statement<[], { name: string }>('snap_known_coordinates', 'SELECT name FROM coordinates'),
  cachegroups: statement<[], { name: string }>('snap_known_cachegroups', 'SELECT name FROM cachegroups'),
  profiles: statement<[], { name: string }>('snap_known_profiles', 'SELECT name FROM profiles'),
  roles: statement<[], { name: string }>('snap_known_roles', 'SELECT name FROM roles'),
};
const types = statement<[], { name: string; use_in_table: string }>(
  'snap_known_types',
  "SELECT name, use_in_table FROM types WHERE use_in_table IN ('deliveryservice', 'cachegroup', 'server')",
);
const hashes = statement<[string[]], { username: string; local_passwd: string }>(
  'snap_password_hashes',
  "SELECT username, local_passwd FROM users WHERE username = ANY($1::text[]) AND local_passwd <> ''",
);

const cachegroupInfoRows = statement<[], CachegroupInfoRow>('snap_known_cg_info', CACHEGROUP_INFO_SQL);

const names = async (db: PgQueryable, s: (typeof named)[keyof typeof named]) =>
  new Set((await s.all(db)).map((r) => r.name));

/** The names of everything a snapshot may refer to, as the database holds them now. */
export async function readKnownRecordsPg(db: PgQueryable): Promise<KnownRecords> {
  const typeRows = await types.all(db);
  const typesOf = (table: string) => new Set(typeRows.filter((t) => t.use_in_table === table).map((t) => t.name));
  const dsRows = await dses.all(db);
  return {
    tenants: new Map((await tenants.all(db)).map((t) => [t.name, t.parent])),
    cdns: await names(db, named.cdns),
    coordinates: await names(db, named.coordinates),
    cachegroups: await names(db, named.cachegroups),
    cachegroupInfo: cachegroupInfo(await cachegroupInfoRows.all(db)),
    profiles: await names(db, named.profiles),
    roles: await names(db, named.roles),
    deliveryServiceTypes: typesOf('deliveryservice'),
    cachegroupTypes: typesOf('cachegroup'),
    serverTypes: typesOf('server'),
    deliveryServiceCdns: new Map(dsRows.map((r) => [r.xml_id, r.cdn])),
    users: new Map((await users.all(db)).map((u) => [u.username, u.email])),
    deliveryServices: new Map(
      dsRows.map((d) => [
        d.xml_id,
        d.fqdn === null ? null : `${d.protocol}://${d.fqdn}${d.port === null ? '' : `:${d.port}`}`,
      ]),
    ),
    origins: new Map(
      (await origins.all(db)).map((o) => [o.name, { deliveryService: o.xml_id, isPrimary: o.is_primary === 1 }]),
    ),
    jobs: new Map((await jobs.all(db)).map((j) => [j.id, j.xml_id])),
    ...(await readKnownPlacesPg(db)),
  };
}

/** The stored password hashes of these users (absent when a user has none or does not exist). */
export async function readPasswordHashesPg(
  db: PgQueryable,
  usernames: readonly string[],
): Promise<Map<string, string>> {
  if (usernames.length === 0) return new Map();
  return new Map((await hashes.all(db, [...usernames])).map((r) => [r.username, r.local_passwd]));
}
