import type { SnapshotWrite } from '../snapshot-types.js';
import type { Db } from './db.js';
import { idLookup, linkReplacer, upserter } from './snapshot-upsert.js';
import {
  DS_COLUMNS,
  JOB_COLUMNS,
  ENSURE_HOST_REGEX_SQL,
  JOB_PURGE_KEY,
  ORIGIN_COLUMNS,
  type Tally,
  jobColumns,
  settingColumns,
} from '../snapshot-write-services.js';

/** Writes delivery services with their primary origin and user assignments. */
export function writeDeliveryServices(db: Db, snap: SnapshotWrite, now: number, tally: Tally): void {
  const ds = upserter(db, 'deliveryservices', ['xml_id'], DS_COLUMNS);
  const primary = upserter(db, 'origins', ['deliveryservice_id', 'is_primary'], ORIGIN_COLUMNS);
  const assign = linkReplacer(db, 'deliveryservice_users', 'deliveryservice_id', 'user_id');
  const tenants = idLookup(db, 'tenants');
  const cdns = idLookup(db, 'cdns');
  const profiles = idLookup(db, 'profiles');
  const users = idLookup(db, 'users', 'username');
  const typeId = db.prepare<[string], { id: number }>(
    "SELECT id FROM types WHERE name = ? AND use_in_table = 'deliveryservice'",
  );
  const hostRegex = db.prepare<[number]>(ENSURE_HOST_REGEX_SQL);
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
    hostRegex.run(id);
    let changed = assign(id, m.users.map(users.required));
    if (m.orgServerFqdn) {
      const o = m.orgServerFqdn;
      const existing = primary.find({ deliveryservice_id: id, is_primary: 1 });
      const written = primary.upsert(
        {
          name: m.xmlId,
          fqdn: o.fqdn,
          protocol: o.protocol,
          is_primary: 1,
          port: o.port,
          ip_address: existing?.ip_address ?? null,
          ip6_address: existing?.ip6_address ?? null,
          deliveryservice_id: id,
          coordinate_id: existing?.coordinate_id ?? null,
          cachegroup_id: existing?.cachegroup_id ?? null,
          profile_id: existing?.profile_id ?? null,
          tenant_id: tenantId,
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
  const ds = db.prepare<[string], { id: number; tenant_id: number }>(
    'SELECT id, tenant_id FROM deliveryservices WHERE xml_id = ?',
  );
  const cachegroups = idLookup(db, 'cachegroups');
  const coordinates = idLookup(db, 'coordinates');
  const profiles = idLookup(db, 'profiles');
  const tenants = idLookup(db, 'tenants');
  for (const m of snap.origins) {
    const owner = ds.get(m.deliveryService)!;
    const { outcome } = origins.upsert(
      {
        name: m.name,
        fqdn: m.fqdn,
        protocol: m.protocol,
        is_primary: 0,
        port: m.port,
        ip_address: m.ipAddress,
        ip6_address: m.ip6Address,
        deliveryservice_id: owner.id,
        coordinate_id: coordinates.optional(m.coordinate),
        cachegroup_id: cachegroups.optional(m.cachegroup),
        profile_id: profiles.optional(m.profile),
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

/** Writes purge jobs, matched on their id, or (without one) on delivery service, asset URL and start time. */
export function writeJobs(db: Db, snap: SnapshotWrite, now: number, tally: Tally): void {
  const byPurge = upserter(db, 'jobs', JOB_PURGE_KEY, JOB_COLUMNS, false);
  const byId = upserter(db, 'jobs', ['id'], ['id', ...JOB_COLUMNS], false);
  const dses = idLookup(db, 'deliveryservices', 'xml_id');
  const users = idLookup(db, 'users', 'username');
  for (const m of snap.jobs) {
    const ds = dses.required(m.deliveryService);
    const jobs = m.id === null ? byPurge : byId;
    const existing = jobs.find(
      m.id === null ? { deliveryservice_id: ds, asset_url: m.assetUrl, start_time: m.startTime } : { id: m.id },
    );
    const values = jobColumns(m, { ds, user: users.required(m.username), storedEntered: existing?.entered_time }, now);
    tally(jobs.upsert(values, now).outcome);
  }
}
