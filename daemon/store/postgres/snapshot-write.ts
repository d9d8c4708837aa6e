import type { ImportSummary, SectionName, SnapshotWrite } from '../snapshot-types.js';
import { CACHEGROUP_COLUMNS, SNAPSHOT_USER_COLUMNS, emptySummary, importMessage } from '../snapshot-write.js';
import { appendChange } from './change-append.js';
import type { PgClient, PgPool } from './pool.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';
import { ids, pgLinkReplacer, pgUpserter, typeOf } from './snapshot-upsert.js';
import {
  each,
  writeDeliveryServicesPg,
  writeFederationsPg,
  writeJobsPg,
  writeOriginsPg,
  type PgTally,
} from './snapshot-write-services.js';
import { writeServersPg } from './snapshot-write-servers.js';
import { placeWriterPg } from './snapshot-places.js';

const flag = (b: boolean) => (b ? 1 : 0);

const cdns = pgUpserter({
  tag: 'cdn',
  table: 'cdns',
  keys: ['name'],
  columns: ['name', 'domain_name', 'dnssec_enabled'],
});
const coordinates = pgUpserter({
  tag: 'coordinate',
  table: 'coordinates',
  keys: ['name'],
  columns: ['name', 'latitude', 'longitude'],
});
const tenants = pgUpserter({
  tag: 'tenant',
  table: 'tenants',
  keys: ['name'],
  columns: ['name', 'active', 'parent_id'],
});
const cachegroups = pgUpserter({
  tag: 'cachegroup',
  table: 'cachegroups',
  keys: ['name'],
  columns: CACHEGROUP_COLUMNS,
});
const profiles = pgUpserter({
  tag: 'profile',
  table: 'profiles',
  keys: ['name'],
  columns: ['name', 'description', 'type', 'cdn_id'],
});
const parameters = pgUpserter({
  tag: 'parameter',
  table: 'parameters',
  keys: ['name', 'config_file', 'value'],
  columns: ['name', 'config_file', 'value'],
});
const users = pgUpserter({ tag: 'user', table: 'users', keys: ['username'], columns: SNAPSHOT_USER_COLUMNS });
const linkParameters = pgLinkReplacer({
  tag: 'profile_params',
  table: 'profile_parameters',
  owner: 'profile_id',
  target: 'parameter_id',
});

const cachegroupId = statement<[string], { id: number }>(
  'snap_cachegroup_by_name',
  'SELECT id FROM cachegroups WHERE name = $1',
);
const snapCgMethods = statement<[number, string[]]>(
  'snap_cg_methods',
  'INSERT INTO cachegroup_localization_methods (cachegroup_id, method) SELECT $1, unnest($2::text[])',
);
const snapCgClear = statement<[number]>(
  'snap_cg_clear',
  `WITH m AS (DELETE FROM cachegroup_localization_methods WHERE cachegroup_id = $1)
   DELETE FROM cachegroup_fallbacks WHERE primary_cachegroup_id = $1`,
);
const snapCgFallbacks = statement<[number, number[]]>(
  'snap_cg_fallbacks',
  `INSERT INTO cachegroup_fallbacks (primary_cachegroup_id, backup_cachegroup_id, set_order)
   SELECT $1, b, o FROM unnest($2::integer[]) WITH ORDINALITY AS x(b, o)`,
);
const setParent = statement<[number, string]>(
  'snap_cachegroup_set_parent',
  'UPDATE cachegroups SET parent_cachegroup_id = $1 WHERE name = $2',
);
const setSecondary = statement<[number, string]>(
  'snap_cachegroup_set_secondary',
  'UPDATE cachegroups SET secondary_parent_cachegroup_id = $1 WHERE name = $2',
);
const hashOf = statement<[number], { local_passwd: string | null }>(
  'snap_user_hash',
  'SELECT local_passwd FROM users WHERE id = $1',
);
const setHash = statement<[string, number, number]>(
  'snap_user_set_hash',
  'UPDATE users SET local_passwd = $1, last_updated = $2 WHERE id = $3',
);
const rootTenants = statement<[], { id: number }>(
  'snap_root_tenants',
  'SELECT id FROM tenants WHERE parent_id IS NULL ORDER BY id',
);
const syncIdentities = statement('snap_sync_identities', 'SELECT cdnctl_sync_identities()');

async function writeTenants(client: PgClient, snap: SnapshotWrite, now: number, tally: PgTally): Promise<void> {
  // Validation ordered them parents first, so each parent exists by the time its children are written.
  for (const t of snap.tenants) {
    const parent = await ids.tenants.required(client, t.parentName);
    tally((await tenants.upsert(client, { name: t.name, active: flag(t.active), parent_id: parent }, now)).outcome);
  }
}

async function writeCachegroups(client: PgClient, snap: SnapshotWrite, now: number, tally: PgTally): Promise<void> {
  // A parent may come later in the file: write every group first, then the parents still missing.
  const late: Array<[string, string, typeof setParent]> = [];
  const parentOf = async (name: string, parent: string | null, set: typeof setParent) => {
    const id = parent === null ? null : (await cachegroupId.get(client, parent))?.id;
    if (id === undefined) late.push([name, parent!, set]);
    return id ?? null;
  };
  for (const c of snap.cachegroups) {
    const values = {
      name: c.name,
      short_name: c.shortName,
      type_id: await typeOf(client, c.type, 'cachegroup'),
      coordinate_id: await ids.coordinates.optional(client, c.coordinate),
      parent_cachegroup_id: await parentOf(c.name, c.parentCachegroup, setParent),
      secondary_parent_cachegroup_id: await parentOf(c.name, c.secondaryParentCachegroup, setSecondary),
      fallback_to_closest: c.fallbackToClosest === false ? 0 : 1,
    };
    tally((await cachegroups.upsert(client, values, now)).outcome);
  }
  for (const [name, parent, set] of late) await set.run(client, (await cachegroupId.get(client, parent))!.id, name);
  await writeCachegroupSides(client, snap);
}

/** Each group's localization methods and fallbacks, replaced once every group of the file exists. */
async function writeCachegroupSides(client: PgClient, snap: SnapshotWrite): Promise<void> {
  for (const c of snap.cachegroups) {
    const id = (await cachegroupId.get(client, c.name))!.id;
    await snapCgClear.run(client, id);
    const methods = [...new Set((c.localizationMethods ?? []).map((x) => x.toUpperCase()))];
    await snapCgMethods.run(client, id, methods);
    const fallbacks: number[] = [];
    for (const f of c.fallbacks ?? []) fallbacks.push((await cachegroupId.get(client, f))!.id);
    await snapCgFallbacks.run(client, id, fallbacks);
  }
}

async function writeProfiles(client: PgClient, snap: SnapshotWrite, now: number, tally: PgTally): Promise<void> {
  for (const p of snap.profiles) {
    const cdnId = await ids.cdns.required(client, p.cdnName);
    const { id, outcome } = await profiles.upsert(
      client,
      { name: p.name, description: p.description, type: p.type, cdn_id: cdnId },
      now,
    );
    const paramIds = await each(
      p.params,
      async (x) =>
        (await parameters.upsert(client, { name: x.name, config_file: x.configFile, value: x.value }, now)).id,
    );
    const changed = await linkParameters(client, id, paramIds);
    if (outcome === 'unchanged' && changed) await profiles.touch(client, id, now);
    tally(outcome === 'unchanged' && changed ? 'updated' : outcome);
  }
}

async function writeUsers(client: PgClient, snap: SnapshotWrite, now: number, tally: PgTally): Promise<void> {
  for (const u of snap.users) {
    const { id, outcome } = await users.upsert(
      client,
      {
        username: u.username,
        email: u.email,
        full_name: u.fullName,
        role_id: await ids.roles.required(client, u.role),
        tenant_id: await ids.tenants.required(client, u.tenant),
        company: u.company,
        address_line1: u.addressLine1,
        address_line2: u.addressLine2,
        city: u.city,
        state_or_province: u.stateOrProvince,
        postal_code: u.postalCode,
        country: u.country,
        phone_number: u.phoneNumber,
        public_ssh_key: u.publicSshKey,
        gid: u.gid,
        uid: u.uid,
        new_user: flag(u.newUser),
      },
      now,
    );
    const newHash = u.passwordHash !== null && (await hashOf.get(client, id))?.local_passwd !== u.passwordHash;
    if (newHash) await setHash.run(client, u.passwordHash!, now, id);
    tally(outcome === 'unchanged' && newHash ? 'updated' : outcome);
  }
}

type Writer = (client: PgClient, snap: SnapshotWrite, now: number, tally: PgTally) => Promise<void>;

async function writeCdns(client: PgClient, snap: SnapshotWrite, now: number, tally: PgTally): Promise<void> {
  for (const c of snap.cdns) {
    tally(
      (
        await cdns.upsert(
          client,
          { name: c.name, domain_name: c.domainName, dnssec_enabled: flag(c.dnssecEnabled) },
          now,
        )
      ).outcome,
    );
  }
}

async function writeCoordinates(client: PgClient, snap: SnapshotWrite, now: number, tally: PgTally): Promise<void> {
  for (const c of snap.coordinates) {
    tally(
      (await coordinates.upsert(client, { name: c.name, latitude: c.latitude, longitude: c.longitude }, now)).outcome,
    );
  }
}

/** Sections in writing order: every reference exists by the time it is written. */
const WRITERS: ReadonlyArray<[SectionName, Writer]> = [
  ['cdns', writeCdns],
  ['tenants', writeTenants],
  ['types', placeWriterPg('types')],
  ['statuses', placeWriterPg('statuses')],
  ['divisions', placeWriterPg('divisions')],
  ['regions', placeWriterPg('regions')],
  ['physLocations', placeWriterPg('physLocations')],
  ['coordinates', writeCoordinates],
  ['cachegroups', writeCachegroups],
  ['asns', placeWriterPg('asns')],
  ['profiles', writeProfiles],
  ['users', writeUsers],
  ['deliveryServices', writeDeliveryServicesPg],
  ['origins', writeOriginsPg],
  ['servers', writeServersPg],
  ['federations', writeFederationsPg],
  ['jobs', writeJobsPg],
];

/**
 * Writes a validated snapshot in ONE transaction (all or nothing), exactly as the SQLite store does: records
 * matched on their natural keys and updated in place (existing ids kept), the change-log entry in the same
 * transaction, and identities moved past the largest id so later inserts get fresh ones.
 */
export async function writeSnapshotPg(pool: PgPool, snap: SnapshotWrite, now: number): Promise<ImportSummary> {
  return inTransaction(pool, async (client) => {
    // A retried transaction (deadlock) starts its counts again.
    const summary = emptySummary();
    for (const [section, write] of WRITERS) {
      await write(client, snap, now, (outcome) => {
        summary[section][outcome] += 1;
      });
    }
    const roots = (await rootTenants.all(client)).map((r) => r.id);
    await appendChange(client, { message: importMessage(summary), user: { name: 'import' }, tenants: roots, at: now });
    await syncIdentities.run(client);
    return summary;
  });
}
