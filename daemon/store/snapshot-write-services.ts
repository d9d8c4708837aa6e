import type { DeliveryServiceSettings, SnapshotWrite } from '../services/snapshot/types.js';
import type { Db } from './sqlite/db.js';
import { idLookup, linkReplacer, upserter, type Outcome, type Row } from './snapshot-upsert.js';

const flag = (b: boolean) => (b ? 1 : 0);

/** The deliveryservices columns of a delivery service's settings (shared with the PostgreSQL store). */
export function settingColumns(s: DeliveryServiceSettings): Row {
  return {
    display_name: s.displayName,
    active: flag(s.active),
    cacheurl: s.cacheurl,
    ccr_dns_ttl: s.ccrDnsTtl,
    check_path: s.checkPath,
    deep_caching_type: s.deepCachingType,
    dns_bypass_cname: s.dnsBypassCname,
    dns_bypass_ip: s.dnsBypassIp,
    dns_bypass_ip6: s.dnsBypassIp6,
    dns_bypass_ttl: s.dnsBypassTtl,
    dscp: s.dscp,
    edge_header_rewrite: s.edgeHeaderRewrite,
    geo_limit: s.geoLimit,
    geo_limit_countries: s.geoLimitCountries,
    geo_limit_redirect_url: s.geoLimitRedirectUrl,
    geo_provider: s.geoProvider,
    global_max_mbps: s.globalMaxMbps,
    global_max_tps: s.globalMaxTps,
    http_bypass_fqdn: s.httpBypassFqdn,
    info_url: s.infoUrl,
    initial_dispersion: s.initialDispersion,
    ipv6_routing_enabled: flag(s.ipv6RoutingEnabled),
    logs_enabled: flag(s.logsEnabled),
    long_desc: s.longDesc,
    long_desc1: s.longDesc1,
    long_desc2: s.longDesc2,
    max_dns_answers: s.maxDnsAnswers,
    mid_header_rewrite: s.midHeaderRewrite,
    miss_lat: s.missLat,
    miss_long: s.missLong,
    multi_site_origin: flag(s.multiSiteOrigin),
    multi_site_origin_algorithm: s.multiSiteOriginAlgorithm,
    origin_shield: s.originShield,
    protocol: s.protocol,
    qstring_ignore: s.qstringIgnore,
    range_request_handling: s.rangeRequestHandling,
    regex_remap: s.regexRemap,
    regional_geo_blocking: flag(s.regionalGeoBlocking),
    remap_text: s.remapText,
    routing_name: s.routingName,
    signed: flag(s.signed),
    ssl_key_version: s.sslKeyVersion,
    tr_request_headers: s.trRequestHeaders,
    tr_response_headers: s.trResponseHeaders,
    anonymous_blocking_enabled: flag(s.anonymousBlockingEnabled),
    consistent_hash_query_params: JSON.stringify(s.consistentHashQueryParams),
    consistent_hash_regex: s.consistentHashRegex,
    ecs_enabled: flag(s.ecsEnabled),
    fq_pacing_rate: s.fqPacingRate,
    max_origin_connections: s.maxOriginConnections,
    range_slice_block_size: s.rangeSliceBlockSize,
    signing_algorithm: s.signingAlgorithm,
  };
}

export const DS_COLUMNS = ['xml_id', 'tenant_id', 'cdn_id', 'type_id', 'profile_id', ...Object.keys(settingColumns({} as DeliveryServiceSettings))];
export const ORIGIN_COLUMNS = [
  'name', 'fqdn', 'protocol', 'is_primary', 'port', 'ip_address', 'ip6_address', 'deliveryservice_id', 'coordinate_id',
  'cachegroup_id', 'profile_id', 'tenant_id',
];
export const JOB_COLUMNS = [
  'deliveryservice_id', 'asset_url', 'start_time', 'keyword', 'asset_type', 'status', 'ttl_hours', 'entered_time', 'user_id', 'agent',
];

/** Counts per section, filled by the writers. */
export type Tally = (outcome: Outcome) => void;

/** Writes delivery services with their primary origin and user assignments. */
export function writeDeliveryServices(db: Db, snap: SnapshotWrite, now: number, tally: Tally): void {
  const ds = upserter(db, 'deliveryservices', ['xml_id'], DS_COLUMNS);
  const primary = upserter(db, 'origins', ['deliveryservice_id', 'is_primary'], ORIGIN_COLUMNS);
  const assign = linkReplacer(db, 'deliveryservice_users', 'deliveryservice_id', 'user_id');
  const tenants = idLookup(db, 'tenants');
  const cdns = idLookup(db, 'cdns');
  const profiles = idLookup(db, 'profiles');
  const users = idLookup(db, 'users', 'username');
  const typeId = db.prepare<[string], { id: number }>("SELECT id FROM types WHERE name = ? AND use_in_table = 'deliveryservice'");
  for (const m of snap.deliveryServices) {
    const tenantId = tenants.required(m.tenant);
    const { id, outcome } = ds.upsert(
      {
        xml_id: m.xmlId,
        tenant_id: tenantId,
        cdn_id: cdns.required(m.cdnName),
        type_id: typeId.get(m.type)!.id,
        profile_id: profiles.optional(m.profileName),
        ...settingColumns(m.settings),
      },
      now,
    );
    let changed = assign(id, m.users.map(users.required));
    if (m.orgServerFqdn) {
      const o = m.orgServerFqdn;
      const existing = primary.find({ deliveryservice_id: id, is_primary: 1 });
      const written = primary.upsert(
        {
          name: m.xmlId, fqdn: o.fqdn, protocol: o.protocol, is_primary: 1, port: o.port,
          ip_address: existing?.ip_address ?? null, ip6_address: existing?.ip6_address ?? null, deliveryservice_id: id,
          coordinate_id: existing?.coordinate_id ?? null, cachegroup_id: existing?.cachegroup_id ?? null,
          profile_id: existing?.profile_id ?? null, tenant_id: tenantId,
        },
        now,
      );
      changed ||= written.outcome !== 'unchanged';
    }
    if (outcome === 'unchanged' && changed) ds.touch(id, now);
    tally(outcome === 'unchanged' && changed ? 'updated' : outcome);
  }
}

/** Writes secondary origins (by name); a missing tenant means the delivery service's. */
export function writeOrigins(db: Db, snap: SnapshotWrite, now: number, tally: Tally): void {
  const origins = upserter(db, 'origins', ['name'], ORIGIN_COLUMNS);
  const ds = db.prepare<[string], { id: number; tenant_id: number }>('SELECT id, tenant_id FROM deliveryservices WHERE xml_id = ?');
  const cachegroups = idLookup(db, 'cachegroups');
  const coordinates = idLookup(db, 'coordinates');
  const profiles = idLookup(db, 'profiles');
  const tenants = idLookup(db, 'tenants');
  for (const m of snap.origins) {
    const owner = ds.get(m.deliveryService)!;
    const { outcome } = origins.upsert(
      {
        name: m.name, fqdn: m.fqdn, protocol: m.protocol, is_primary: 0, port: m.port, ip_address: m.ipAddress,
        ip6_address: m.ip6Address, deliveryservice_id: owner.id, coordinate_id: coordinates.optional(m.coordinate),
        cachegroup_id: cachegroups.optional(m.cachegroup), profile_id: profiles.optional(m.profile),
        tenant_id: m.tenant === null ? owner.tenant_id : tenants.required(m.tenant),
      },
      now,
    );
    tally(outcome);
  }
}

/** Writes federations (by cname) with their delivery services and users. */
export function writeFederations(db: Db, snap: SnapshotWrite, now: number, tally: Tally): void {
  const federations = upserter(db, 'federations', ['cname'], ['cname', 'ttl', 'description', 'cdn_id']);
  const linkDs = linkReplacer(db, 'federation_deliveryservices', 'federation_id', 'deliveryservice_id');
  const linkUsers = linkReplacer(db, 'federation_users', 'federation_id', 'user_id');
  const cdns = idLookup(db, 'cdns');
  const dses = idLookup(db, 'deliveryservices', 'xml_id');
  const users = idLookup(db, 'users', 'username');
  for (const m of snap.federations) {
    const { id, outcome } = federations.upsert(
      { cname: m.cname, ttl: m.ttl, description: m.description, cdn_id: cdns.optional(m.cdnName) },
      now,
    );
    const dsChanged = linkDs(id, m.deliveryServices.map(dses.required));
    const usersChanged = linkUsers(id, m.users.map(users.required));
    const changed = dsChanged || usersChanged;
    if (outcome === 'unchanged' && changed) federations.touch(id, now);
    tally(outcome === 'unchanged' && changed ? 'updated' : outcome);
  }
}

/** The jobs row of a job (both stores); `enteredTime` null keeps the stored one, or stamps `now` on a new job. */
export function jobColumns(m: SnapshotWrite['jobs'][number], ids: { ds: number; user: number; storedEntered: unknown }, now: number): Row {
  const entered = m.enteredTime ?? (typeof ids.storedEntered === 'number' ? ids.storedEntered : now);
  return {
    ...(m.id === null ? {} : { id: m.id }),
    deliveryservice_id: ids.ds, asset_url: m.assetUrl, start_time: m.startTime, keyword: 'PURGE', asset_type: 'file',
    status: m.status, ttl_hours: m.ttl, entered_time: entered, user_id: ids.user, agent: 'dummy',
  };
}

/** Job keys: the id when the file gives one (the API stores the same purge twice), else the purge itself. */
export const JOB_PURGE_KEY = ['deliveryservice_id', 'asset_url', 'start_time'];

/** Writes purge jobs, matched on their id, or (without one) on delivery service, asset URL and start time. */
export function writeJobs(db: Db, snap: SnapshotWrite, now: number, tally: Tally): void {
  const byPurge = upserter(db, 'jobs', JOB_PURGE_KEY, JOB_COLUMNS, false);
  const byId = upserter(db, 'jobs', ['id'], ['id', ...JOB_COLUMNS], false);
  const dses = idLookup(db, 'deliveryservices', 'xml_id');
  const users = idLookup(db, 'users', 'username');
  for (const m of snap.jobs) {
    const ds = dses.required(m.deliveryService);
    const jobs = m.id === null ? byPurge : byId;
    const existing = jobs.find(m.id === null ? { deliveryservice_id: ds, asset_url: m.assetUrl, start_time: m.startTime } : { id: m.id });
    const values = jobColumns(m, { ds, user: users.required(m.username), storedEntered: existing?.entered_time }, now);
    tally(jobs.upsert(values, now).outcome);
  }
}
