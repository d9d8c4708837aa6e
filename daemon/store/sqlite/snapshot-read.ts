import type {
  CoordinateModel,
  DeliveryServiceModel,
  FederationModel,
  JobModel,
  KnownRecords,
  OriginModel,
  ParameterModel,
  ProfileModel,
  SnapshotModel,
  TenantModel,
  UserModel,
} from '../snapshot-types.js';
import type { Db } from './db.js';
import {
  SNAP_CG_FALLBACKS_SQL,
  SNAP_CG_METHODS_SQL,
  cachegroupModels,
  type CachegroupSnapshotRow,
  type NamedSideRow,
} from '../snapshot-cachegroups.js';
import { CACHEGROUP_INFO_SQL, cachegroupInfo, type CachegroupInfoRow } from '../snapshot-cachegroups.js';
import { DELIVERY_SERVICE_SELECT, toDeliveryService, type DeliveryServiceRow } from '../deliveryservices.js';
import { readServers } from './snapshot-read-servers.js';
import { readKnownPlaces, readPlaces } from './snapshot-places.js';
import { USER_SELECT, toUser, type UserRow } from '../user-rows.js';
import { orderTenants, snapshotUser } from '../snapshot-read.js';

const names = (db: Db, sql: string) =>
  new Set(
    db
      .prepare<[], { name: string }>(sql)
      .all()
      .map((r) => r.name),
  );

/** Job id → its delivery service's xmlId. */
const knownJobs = (db: Db): Map<number, string> =>
  new Map(
    db
      .prepare<[], { id: number; xml_id: string }>(
        'SELECT j.id, ds.xml_id FROM jobs j JOIN deliveryservices ds ON ds.id = j.deliveryservice_id',
      )
      .all()
      .map((r) => [r.id, r.xml_id]),
  );

/** The names of everything a snapshot may refer to, as the database holds them now. */
export async function readKnownRecords(db: Db): Promise<KnownRecords> {
  const tenants = db
    .prepare<[], { name: string; parent: string | null }>(
      'SELECT t.name, p.name AS parent FROM tenants t LEFT JOIN tenants p ON p.id = t.parent_id',
    )
    .all();
  const users = db.prepare<[], { username: string; email: string }>('SELECT username, email FROM users').all();
  const dses = db
    .prepare<[], { xml_id: string; protocol: string | null; fqdn: string | null; port: number | null }>(
      `SELECT ds.xml_id, o.protocol, o.fqdn, o.port FROM deliveryservices ds
         LEFT JOIN origins o ON o.deliveryservice_id = ds.id AND o.is_primary = 1`,
    )
    .all();
  const origins = db
    .prepare<[], { name: string; xml_id: string; is_primary: number }>(
      'SELECT o.name, ds.xml_id, o.is_primary FROM origins o JOIN deliveryservices ds ON ds.id = o.deliveryservice_id',
    )
    .all();
  return {
    tenants: new Map(tenants.map((t) => [t.name, t.parent])),
    cdns: names(db, 'SELECT name FROM cdns'),
    coordinates: names(db, 'SELECT name FROM coordinates'),
    cachegroups: names(db, 'SELECT name FROM cachegroups'),
    cachegroupInfo: cachegroupInfo(db.prepare<[], CachegroupInfoRow>(CACHEGROUP_INFO_SQL).all()),
    profiles: names(db, 'SELECT name FROM profiles'),
    roles: names(db, 'SELECT name FROM roles'),
    deliveryServiceTypes: names(db, "SELECT name FROM types WHERE use_in_table = 'deliveryservice'"),
    cachegroupTypes: names(db, "SELECT name FROM types WHERE use_in_table = 'cachegroup'"),
    serverTypes: names(db, "SELECT name FROM types WHERE use_in_table = 'server'"),
    deliveryServiceCdns: new Map(
      db
        .prepare<[], { xml_id: string; cdn: string }>(
          'SELECT ds.xml_id, c.name AS cdn FROM deliveryservices ds JOIN cdns c ON c.id = ds.cdn_id',
        )
        .all()
        .map((r) => [r.xml_id, r.cdn]),
    ),
    users: new Map(users.map((u) => [u.username, u.email])),
    deliveryServices: new Map(
      dses.map((d) => [
        d.xml_id,
        d.fqdn === null ? null : `${d.protocol}://${d.fqdn}${d.port === null ? '' : `:${d.port}`}`,
      ]),
    ),
    origins: new Map(origins.map((o) => [o.name, { deliveryService: o.xml_id, isPrimary: o.is_primary === 1 }])),
    jobs: knownJobs(db),
    ...readKnownPlaces(db),
  };
}

/** The stored password hashes of these users (absent when a user has none or does not exist). */
export async function readPasswordHashes(db: Db, usernames: string[]): Promise<Map<string, string>> {
  const get = db.prepare<[string], { local_passwd: string | null }>(
    'SELECT local_passwd FROM users WHERE username = ?',
  );
  const hashes = new Map<string, string>();
  for (const u of usernames) {
    const hash = get.get(u)?.local_passwd;
    if (hash) hashes.set(u, hash);
  }
  return hashes;
}

/** Tenants below root, each after its parent, siblings by name: the order a reader of the file expects. */
function readTenants(db: Db): TenantModel[] {
  return orderTenants(
    db
      .prepare<[], { name: string; parent: string | null; active: number }>(
        'SELECT t.name, p.name AS parent, t.active FROM tenants t LEFT JOIN tenants p ON p.id = t.parent_id ORDER BY t.name',
      )
      .all(),
  );
}

function readProfiles(db: Db): ProfileModel[] {
  const profiles = db
    .prepare<[], { id: number; name: string; description: string; type: string; cdn: string }>(
      'SELECT p.id, p.name, p.description, p.type, c.name AS cdn FROM profiles p JOIN cdns c ON c.id = p.cdn_id ORDER BY p.name',
    )
    .all();
  const params = db.prepare<[number], ParameterModel>(
    `SELECT pa.name, pa.config_file AS configFile, pa.value FROM profile_parameters pp
       JOIN parameters pa ON pa.id = pp.parameter_id WHERE pp.profile_id = ? ORDER BY pa.config_file, pa.name, pa.value`,
  );
  return profiles.map((p) => ({
    name: p.name,
    description: p.description,
    type: p.type,
    cdnName: p.cdn,
    params: params.all(p.id),
  }));
}

function readUsers(db: Db, withHashes: boolean): UserModel[] {
  return db
    .prepare<[], UserRow>(`${USER_SELECT} ORDER BY u.username`)
    .all()
    .map(toUser)
    .map((u) => snapshotUser(u, withHashes));
}

function readDeliveryServices(db: Db): DeliveryServiceModel[] {
  const rows = db.prepare<[], DeliveryServiceRow>(`${DELIVERY_SERVICE_SELECT} ORDER BY ds.xml_id`).all();
  const users = db.prepare<[number], { username: string }>(
    `SELECT u.username FROM deliveryservice_users du JOIN users u ON u.id = du.user_id
      WHERE du.deliveryservice_id = ? ORDER BY u.username`,
  );
  return rows.map((row) => {
    const ds = toDeliveryService(row);
    const {
      id,
      xmlId,
      tenantId,
      tenantName,
      cdnId,
      cdnName,
      cdnDomain,
      typeId,
      typeName,
      profileId,
      profileName,
      profileDescription,
      lastUpdated,
      primaryOrigin,
      ...settings
    } = ds;
    return {
      xmlId,
      cdnName,
      type: typeName,
      tenant: tenantName,
      profileName,
      settings,
      orgServerFqdn: primaryOrigin,
      users: users.all(id).map((u) => u.username),
    };
  });
}

const readOrigins = (db: Db): OriginModel[] =>
  db
    .prepare<[], OriginModel>(
      `SELECT o.name, ds.xml_id AS deliveryService, o.fqdn, o.protocol, o.port, o.ip_address AS ipAddress,
              o.ip6_address AS ip6Address, cg.name AS cachegroup, co.name AS coordinate, p.name AS profile, t.name AS tenant
         FROM origins o JOIN deliveryservices ds ON ds.id = o.deliveryservice_id
         LEFT JOIN cachegroups cg ON cg.id = o.cachegroup_id LEFT JOIN coordinates co ON co.id = o.coordinate_id
         LEFT JOIN profiles p ON p.id = o.profile_id LEFT JOIN tenants t ON t.id = o.tenant_id
        WHERE o.is_primary = 0 ORDER BY o.name`,
    )
    .all();

function readFederations(db: Db): FederationModel[] {
  const rows = db
    .prepare<[], { id: number; cname: string; ttl: number; cdn: string | null; description: string | null }>(
      'SELECT f.id, f.cname, f.ttl, c.name AS cdn, f.description FROM federations f LEFT JOIN cdns c ON c.id = f.cdn_id ORDER BY f.cname',
    )
    .all();
  const dses = db.prepare<[number], { name: string }>(
    `SELECT ds.xml_id AS name FROM federation_deliveryservices fd JOIN deliveryservices ds ON ds.id = fd.deliveryservice_id
      WHERE fd.federation_id = ? ORDER BY ds.xml_id`,
  );
  const users = db.prepare<[number], { name: string }>(
    `SELECT u.username AS name FROM federation_users fu JOIN users u ON u.id = fu.user_id
      WHERE fu.federation_id = ? ORDER BY u.username`,
  );
  return rows.map((f) => ({
    cname: f.cname,
    ttl: f.ttl,
    cdnName: f.cdn,
    description: f.description,
    deliveryServices: dses.all(f.id).map((r) => r.name),
    users: users.all(f.id).map((r) => r.name),
  }));
}

const readJobs = (db: Db): JobModel[] =>
  db
    .prepare<[], JobModel>(
      `SELECT j.id, ds.xml_id AS deliveryService, u.username, j.asset_url AS assetUrl, j.ttl_hours AS ttl,
              j.start_time AS startTime, j.entered_time AS enteredTime, j.status
         FROM jobs j JOIN deliveryservices ds ON ds.id = j.deliveryservice_id JOIN users u ON u.id = j.user_id
        ORDER BY ds.xml_id, j.start_time, j.asset_url, j.id`,
    )
    .all();

/**
 * Everything a snapshot holds, read in one consistent view and in a fixed order, so two exports of the same data
 * are equal byte for byte. The fixed records every install has (tenant root, CDN ALL) are left out.
 */
export async function readSnapshotModel(db: Db, withHashes: boolean): Promise<SnapshotModel> {
  return db.transaction(() => ({
    ...readPlaces(db),
    cdns: db
      .prepare<[], { name: string; domainName: string; dnssec: number }>(
        "SELECT name, domain_name AS domainName, dnssec_enabled AS dnssec FROM cdns WHERE name <> 'ALL' ORDER BY name",
      )
      .all()
      .map((c) => ({ name: c.name, domainName: c.domainName, dnssecEnabled: c.dnssec === 1 })),
    tenants: readTenants(db),
    coordinates: db
      .prepare<[], CoordinateModel>('SELECT name, latitude, longitude FROM coordinates ORDER BY name')
      .all(),
    cachegroups: cachegroupModels(
      db
        .prepare<[], CachegroupSnapshotRow>(
          `SELECT cg.name, cg.short_name AS shortName, ty.name AS type, co.name AS coordinate, pc.name AS parentCachegroup,
                sp.name AS secondaryParentCachegroup, cg.fallback_to_closest AS fallbackToClosest
           FROM cachegroups cg JOIN types ty ON ty.id = cg.type_id LEFT JOIN coordinates co ON co.id = cg.coordinate_id
           LEFT JOIN cachegroups pc ON pc.id = cg.parent_cachegroup_id
           LEFT JOIN cachegroups sp ON sp.id = cg.secondary_parent_cachegroup_id ORDER BY cg.name`,
        )
        .all(),
      db.prepare<[], NamedSideRow>(SNAP_CG_METHODS_SQL).all(),
      db.prepare<[], NamedSideRow>(SNAP_CG_FALLBACKS_SQL).all(),
    ),
    profiles: readProfiles(db),
    users: readUsers(db, withHashes),
    deliveryServices: readDeliveryServices(db),
    origins: readOrigins(db),
    servers: readServers(db),
    federations: readFederations(db),
    jobs: readJobs(db),
  }))();
}
