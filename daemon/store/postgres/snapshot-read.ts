import type {
  CoordinateModel,
  DeliveryServiceModel,
  FederationModel,
  JobModel,
  OriginModel,
  ParameterModel,
  ProfileModel,
  SnapshotModel,
  UserModel,
} from '../snapshot-types.js';
import {
  SNAP_CG_FALLBACKS_SQL,
  SNAP_CG_METHODS_SQL,
  cachegroupModels,
  type CachegroupSnapshotRow,
  type NamedSideRow,
} from '../snapshot-cachegroups.js';
import { DELIVERY_SERVICE_SELECT, toDeliveryService, type DeliveryServiceRow } from '../deliveryservices.js';
import { orderTenants, snapshotUser } from '../snapshot-read.js';
import { USER_SELECT, toUser, type UserRow } from '../user-rows.js';
import type { PgClient } from './pool.js';
import { statement } from './statement.js';
import { byOwner } from './group-rows.js';
import { readServersPg } from './snapshot-read-servers.js';
import { readPlacesPg } from './snapshot-places.js';

// Orders as SQLite's (binary) collation gives them: COLLATE "C" wherever names are sorted.

const cdnRows = statement<[], { name: string; domainName: string; dnssec: number }>(
  'snap_read_cdns',
  `SELECT name, domain_name AS "domainName", dnssec_enabled AS dnssec FROM cdns WHERE name <> 'ALL' ORDER BY name COLLATE "C"`,
);
const tenantRows = statement<[], { name: string; parent: string | null; active: number }>(
  'snap_read_tenants',
  'SELECT t.name, p.name AS parent, t.active FROM tenants t LEFT JOIN tenants p ON p.id = t.parent_id ORDER BY t.name COLLATE "C"',
);
const coordinateRows = statement<[], CoordinateModel>(
  'snap_read_coordinates',
  'SELECT name, latitude, longitude FROM coordinates ORDER BY name COLLATE "C"',
);
const cachegroupRows = statement<[], CachegroupSnapshotRow>(
  'snap_read_cachegroups',
  `SELECT cg.name, cg.short_name AS "shortName", ty.name AS type, co.name AS coordinate, pc.name AS "parentCachegroup",
          sp.name AS "secondaryParentCachegroup", cg.fallback_to_closest AS "fallbackToClosest"
     FROM cachegroups cg JOIN types ty ON ty.id = cg.type_id LEFT JOIN coordinates co ON co.id = cg.coordinate_id
     LEFT JOIN cachegroups pc ON pc.id = cg.parent_cachegroup_id
     LEFT JOIN cachegroups sp ON sp.id = cg.secondary_parent_cachegroup_id ORDER BY cg.name COLLATE "C"`,
);
const cachegroupMethods = statement<[], NamedSideRow>('snap_read_cg_methods', SNAP_CG_METHODS_SQL);
const cachegroupFallbacks = statement<[], NamedSideRow>('snap_read_cg_fallbacks', SNAP_CG_FALLBACKS_SQL);
const profileRows = statement<[], { id: number; name: string; description: string; type: string; cdn: string }>(
  'snap_read_profiles',
  'SELECT p.id, p.name, p.description, p.type, c.name AS cdn FROM profiles p JOIN cdns c ON c.id = p.cdn_id ORDER BY p.name COLLATE "C"',
);
const profileParams = statement<[], ParameterModel & { owner: number }>(
  'snap_read_profile_params',
  `SELECT pp.profile_id AS owner, pa.name, pa.config_file AS "configFile", pa.value FROM profile_parameters pp
     JOIN parameters pa ON pa.id = pp.parameter_id
    ORDER BY pa.config_file COLLATE "C", pa.name COLLATE "C", pa.value COLLATE "C"`,
);
const userRows = statement<[], UserRow>('snap_read_users', `${USER_SELECT} ORDER BY u.username COLLATE "C"`);
const dsRows = statement<[], DeliveryServiceRow>(
  'snap_read_dses',
  `${DELIVERY_SERVICE_SELECT} ORDER BY ds.xml_id COLLATE "C"`,
);
const dsUsers = statement<[], { owner: number; name: string }>(
  'snap_read_ds_users',
  `SELECT du.deliveryservice_id AS owner, u.username AS name FROM deliveryservice_users du JOIN users u ON u.id = du.user_id
    ORDER BY u.username COLLATE "C"`,
);
const originRows = statement<[], OriginModel>(
  'snap_read_origins',
  `SELECT o.name, ds.xml_id AS "deliveryService", o.fqdn, o.protocol, o.port, o.ip_address AS "ipAddress",
          o.ip6_address AS "ip6Address", cg.name AS cachegroup, co.name AS coordinate, p.name AS profile, t.name AS tenant
     FROM origins o JOIN deliveryservices ds ON ds.id = o.deliveryservice_id
     LEFT JOIN cachegroups cg ON cg.id = o.cachegroup_id LEFT JOIN coordinates co ON co.id = o.coordinate_id
     LEFT JOIN profiles p ON p.id = o.profile_id LEFT JOIN tenants t ON t.id = o.tenant_id
    WHERE o.is_primary = 0 ORDER BY o.name COLLATE "C"`,
);
const federationRows = statement<
  [],
  { id: number; cname: string; ttl: number; cdn: string | null; description: string | null }
>(
  'snap_read_federations',
  'SELECT f.id, f.cname, f.ttl, c.name AS cdn, f.description FROM federations f LEFT JOIN cdns c ON c.id = f.cdn_id ORDER BY f.cname COLLATE "C"',
);
const federationDses = statement<[], { owner: number; name: string }>(
  'snap_read_federation_dses',
  `SELECT fd.federation_id AS owner, ds.xml_id AS name FROM federation_deliveryservices fd
     JOIN deliveryservices ds ON ds.id = fd.deliveryservice_id ORDER BY ds.xml_id COLLATE "C"`,
);
const federationUsers = statement<[], { owner: number; name: string }>(
  'snap_read_federation_users',
  `SELECT fu.federation_id AS owner, u.username AS name FROM federation_users fu JOIN users u ON u.id = fu.user_id
    ORDER BY u.username COLLATE "C"`,
);
const jobRows = statement<[], JobModel>(
  'snap_read_jobs',
  `SELECT j.id, ds.xml_id AS "deliveryService", u.username, j.asset_url AS "assetUrl", j.ttl_hours AS ttl,
          j.start_time AS "startTime", j.entered_time AS "enteredTime", j.status
     FROM jobs j JOIN deliveryservices ds ON ds.id = j.deliveryservice_id JOIN users u ON u.id = j.user_id
    ORDER BY ds.xml_id COLLATE "C", j.start_time, j.asset_url COLLATE "C", j.id`,
);

async function readProfiles(client: PgClient): Promise<ProfileModel[]> {
  const params = byOwner(await profileParams.all(client));
  return (await profileRows.all(client)).map((p) => ({
    name: p.name,
    description: p.description,
    type: p.type,
    cdnName: p.cdn,
    params: params.get(p.id) ?? [],
  }));
}

async function readUsers(client: PgClient, withHashes: boolean): Promise<UserModel[]> {
  return (await userRows.all(client)).map(toUser).map((u) => snapshotUser(u, withHashes));
}

async function readDeliveryServices(client: PgClient): Promise<DeliveryServiceModel[]> {
  const users = byOwner(await dsUsers.all(client));
  return (await dsRows.all(client)).map((row) => {
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
    } = toDeliveryService(row);
    return {
      xmlId,
      cdnName,
      type: typeName,
      tenant: tenantName,
      profileName,
      settings,
      orgServerFqdn: primaryOrigin,
      users: (users.get(id) ?? []).map((u) => u.name),
    };
  });
}

async function readFederations(client: PgClient): Promise<FederationModel[]> {
  const dses = byOwner(await federationDses.all(client));
  const users = byOwner(await federationUsers.all(client));
  return (await federationRows.all(client)).map((f) => ({
    cname: f.cname,
    ttl: f.ttl,
    cdnName: f.cdn,
    description: f.description,
    deliveryServices: (dses.get(f.id) ?? []).map((r) => r.name),
    users: (users.get(f.id) ?? []).map((r) => r.name),
  }));
}

/**
 * Everything a snapshot holds, read on `client` inside one REPEATABLE READ transaction (one consistent view),
 * in the SQLite store's order; the fixed records every install has (tenant root, CDN ALL) are left out.
 */
export async function readSnapshotModelPg(client: PgClient, withHashes: boolean): Promise<SnapshotModel> {
  return {
    ...(await readPlacesPg(client)),
    cdns: (await cdnRows.all(client)).map((c) => ({
      name: c.name,
      domainName: c.domainName,
      dnssecEnabled: c.dnssec === 1,
    })),
    tenants: orderTenants(await tenantRows.all(client)),
    coordinates: await coordinateRows.all(client),
    cachegroups: cachegroupModels(
      await cachegroupRows.all(client),
      await cachegroupMethods.all(client),
      await cachegroupFallbacks.all(client),
    ),
    profiles: await readProfiles(client),
    users: await readUsers(client, withHashes),
    deliveryServices: await readDeliveryServices(client),
    origins: await originRows.all(client),
    servers: await readServersPg(client),
    federations: await readFederations(client),
    jobs: await jobRows.all(client),
  };
}
