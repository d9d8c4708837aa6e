import type { SnapshotWrite } from '../snapshot-types.js';
import type { Outcome } from '../snapshot-upsert.js';
import {
  DS_COLUMNS,
  JOB_COLUMNS,
  ENSURE_HOST_REGEX_SQL,
  JOB_PURGE_KEY,
  ORIGIN_COLUMNS,
  jobColumns,
  settingColumns,
} from '../snapshot-write-services.js';
import type { PgClient } from './pool.js';
import { statement } from './statement.js';
import { ids, pgLinkReplacer, pgUpserter, typeOf } from './snapshot-upsert.js';

/** Counts per section, filled by the writers. */
export type PgTally = (outcome: Outcome) => void;

const deliveryServices = pgUpserter({ tag: 'ds', table: 'deliveryservices', keys: ['xml_id'], columns: DS_COLUMNS });
const primaryOrigins = pgUpserter({
  tag: 'primary_origin',
  table: 'origins',
  keys: ['deliveryservice_id', 'is_primary'],
  columns: ORIGIN_COLUMNS,
});
const origins = pgUpserter({ tag: 'origin', table: 'origins', keys: ['name'], columns: ORIGIN_COLUMNS });
const federations = pgUpserter({
  tag: 'federation',
  table: 'federations',
  keys: ['cname'],
  columns: ['cname', 'ttl', 'description', 'cdn_id'],
});
const jobsByPurge = pgUpserter({
  tag: 'job',
  table: 'jobs',
  keys: JOB_PURGE_KEY,
  columns: JOB_COLUMNS,
  hasLastUpdated: false,
});
const jobsById = pgUpserter({
  tag: 'job_by_id',
  table: 'jobs',
  keys: ['id'],
  columns: ['id', ...JOB_COLUMNS],
  hasLastUpdated: false,
});
const assignUsers = pgLinkReplacer({
  tag: 'ds_users',
  table: 'deliveryservice_users',
  owner: 'deliveryservice_id',
  target: 'user_id',
});
const linkFederationDses = pgLinkReplacer({
  tag: 'fed_ds',
  table: 'federation_deliveryservices',
  owner: 'federation_id',
  target: 'deliveryservice_id',
});
const linkFederationUsers = pgLinkReplacer({
  tag: 'fed_users',
  table: 'federation_users',
  owner: 'federation_id',
  target: 'user_id',
});
const dsOwner = statement<[string], { id: number; tenant_id: number }>(
  'snap_origin_owner',
  'SELECT id, tenant_id FROM deliveryservices WHERE xml_id = $1',
);

const hostRegex = statement<[number]>('snap_ds_host_regex', ENSURE_HOST_REGEX_SQL.replace('?', '$1::bigint'));

const each = async <T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> => {
  const out: R[] = [];
  for (const item of items) out.push(await fn(item));
  return out;
};

/** Writes delivery services with their primary origin and user assignments. */
export async function writeDeliveryServicesPg(
  client: PgClient,
  snap: SnapshotWrite,
  now: number,
  tally: PgTally,
): Promise<void> {
  for (const m of snap.deliveryServices) {
    const tenantId = await ids.tenants.required(client, m.tenant);
    const { id, outcome } = await deliveryServices.upsert(
      client,
      {
        xml_id: m.xmlId,
        tenant_id: tenantId,
        cdn_id: await ids.cdns.required(client, m.cdnName),
        type_id: await typeOf(client, m.type, 'deliveryservice'),
        profile_id: await ids.profiles.optional(client, m.profileName),
        ...settingColumns(m.settings),
      },
      now,
    );
    await hostRegex.run(client, id);
    let changed = await assignUsers(client, id, await each(m.users, (u) => ids.users.required(client, u)));
    if (m.orgServerFqdn) {
      const o = m.orgServerFqdn;
      const existing = await primaryOrigins.find(client, { deliveryservice_id: id, is_primary: 1 });
      const written = await primaryOrigins.upsert(
        client,
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
    if (outcome === 'unchanged' && changed) await deliveryServices.touch(client, id, now);
    tally(outcome === 'unchanged' && changed ? 'updated' : outcome);
  }
}

/** Writes secondary origins (by name); a missing tenant means the delivery service's. */
export async function writeOriginsPg(
  client: PgClient,
  snap: SnapshotWrite,
  now: number,
  tally: PgTally,
): Promise<void> {
  for (const m of snap.origins) {
    const owner = (await dsOwner.get(client, m.deliveryService))!;
    const { outcome } = await origins.upsert(
      client,
      {
        name: m.name,
        fqdn: m.fqdn,
        protocol: m.protocol,
        is_primary: 0,
        port: m.port,
        ip_address: m.ipAddress,
        ip6_address: m.ip6Address,
        deliveryservice_id: owner.id,
        coordinate_id: await ids.coordinates.optional(client, m.coordinate),
        cachegroup_id: await ids.cachegroups.optional(client, m.cachegroup),
        profile_id: await ids.profiles.optional(client, m.profile),
        tenant_id: m.tenant === null ? owner.tenant_id : await ids.tenants.required(client, m.tenant),
      },
      now,
    );
    tally(outcome);
  }
}

/** Writes federations (by cname) with their delivery services and users. */
export async function writeFederationsPg(
  client: PgClient,
  snap: SnapshotWrite,
  now: number,
  tally: PgTally,
): Promise<void> {
  for (const m of snap.federations) {
    const { id, outcome } = await federations.upsert(
      client,
      { cname: m.cname, ttl: m.ttl, description: m.description, cdn_id: await ids.cdns.optional(client, m.cdnName) },
      now,
    );
    const dsChanged = await linkFederationDses(
      client,
      id,
      await each(m.deliveryServices, (x) => ids.deliveryServices.required(client, x)),
    );
    const usersChanged = await linkFederationUsers(
      client,
      id,
      await each(m.users, (u) => ids.users.required(client, u)),
    );
    const changed = dsChanged || usersChanged;
    if (outcome === 'unchanged' && changed) await federations.touch(client, id, now);
    tally(outcome === 'unchanged' && changed ? 'updated' : outcome);
  }
}

/** Writes purge jobs, matched on their id, or (without one) on delivery service, asset URL and start time. */
export async function writeJobsPg(client: PgClient, snap: SnapshotWrite, now: number, tally: PgTally): Promise<void> {
  for (const m of snap.jobs) {
    const ds = await ids.deliveryServices.required(client, m.deliveryService);
    const jobs = m.id === null ? jobsByPurge : jobsById;
    const existing = await jobs.find(
      client,
      m.id === null ? { deliveryservice_id: ds, asset_url: m.assetUrl, start_time: m.startTime } : { id: m.id },
    );
    const user = await ids.users.required(client, m.username);
    // The identities move past the largest id once the whole snapshot is written (cdnctl_sync_identities).
    tally(
      (await jobs.upsert(client, jobColumns(m, { ds, user, storedEntered: existing?.entered_time }, now), now)).outcome,
    );
  }
}

export { each };
