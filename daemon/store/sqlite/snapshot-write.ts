import { changeLog } from './change-log.js';
import type { ImportSummary, SectionName, SnapshotWrite } from '../snapshot-types.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import { idLookup, linkReplacer, upserter } from './snapshot-upsert.js';
import type { Tally } from '../snapshot-write-services.js';
import { writeDeliveryServices, writeFederations, writeJobs, writeOrigins } from './snapshot-write-services.js';
import { writeServers } from './snapshot-write-servers.js';
import { writePlaces } from './snapshot-places.js';
import { PLACES_AFTER_CACHEGROUPS, PLACES_BEFORE_CACHEGROUPS } from '../snapshot-places.js';
import { CACHEGROUP_COLUMNS, SNAPSHOT_USER_COLUMNS, emptySummary, importMessage } from '../snapshot-write.js';

function writeTenants(db: Db, snap: SnapshotWrite, now: number, tally: Tally): void {
  const tenants = upserter(db, 'tenants', ['name'], ['name', 'active', 'parent_id']);
  const ids = idLookup(db, 'tenants');
  // Validation ordered them parents first, so each parent exists by the time its children are written.
  for (const t of snap.tenants)
    tally(tenants.upsert({ name: t.name, active: flag(t.active), parent_id: ids.required(t.parentName) }, now).outcome);
}

function writeCachegroups(db: Db, snap: SnapshotWrite, now: number, tally: Tally): void {
  const cachegroups = upserter(db, 'cachegroups', ['name'], CACHEGROUP_COLUMNS);
  const coordinates = idLookup(db, 'coordinates');
  const type = db.prepare<[string], { id: number }>(
    "SELECT id FROM types WHERE name = ? AND use_in_table = 'cachegroup'",
  );
  const idOf = db.prepare<[string], { id: number }>('SELECT id FROM cachegroups WHERE name = ?');
  const setParent = db.prepare<[number | null, string]>(
    'UPDATE cachegroups SET parent_cachegroup_id = ? WHERE name = ?',
  );
  const setSecondary = db.prepare<[number | null, string]>(
    'UPDATE cachegroups SET secondary_parent_cachegroup_id = ? WHERE name = ?',
  );
  // A parent may come later in the file: write every group first, then the parents still missing.
  const late: Array<[string, string, typeof setParent]> = [];
  const parentOf = (name: string, parent: string | null, set: typeof setParent) => {
    const id = parent === null ? null : idOf.get(parent)?.id;
    if (id === undefined) late.push([name, parent!, set]);
    return id ?? null;
  };
  for (const c of snap.cachegroups) {
    const values = {
      name: c.name,
      short_name: c.shortName,
      type_id: type.get(c.type)!.id,
      coordinate_id: coordinates.optional(c.coordinate),
      parent_cachegroup_id: parentOf(c.name, c.parentCachegroup, setParent),
      secondary_parent_cachegroup_id: parentOf(c.name, c.secondaryParentCachegroup, setSecondary),
      fallback_to_closest: c.fallbackToClosest === false ? 0 : 1,
    };
    tally(cachegroups.upsert(values, now).outcome);
  }
  for (const [name, parent, set] of late) set.run(idOf.get(parent)!.id, name);
  writeCachegroupSides(db, snap);
}

/** Each group's localization methods and fallbacks, replaced once every group of the file exists. */
function writeCachegroupSides(db: Db, snap: SnapshotWrite): void {
  const idOf = db.prepare<[string], number>('SELECT id FROM cachegroups WHERE name = ?').pluck();
  const clearMethods = db.prepare<[number]>('DELETE FROM cachegroup_localization_methods WHERE cachegroup_id = ?');
  const addMethod = db.prepare<[number, string]>(
    'INSERT INTO cachegroup_localization_methods (cachegroup_id, method) VALUES (?, ?)',
  );
  const clearFallbacks = db.prepare<[number]>('DELETE FROM cachegroup_fallbacks WHERE primary_cachegroup_id = ?');
  const addFallback = db.prepare<[number, number, number]>(
    'INSERT INTO cachegroup_fallbacks (primary_cachegroup_id, backup_cachegroup_id, set_order) VALUES (?, ?, ?)',
  );
  for (const c of snap.cachegroups) {
    const id = idOf.get(c.name)!;
    clearMethods.run(id);
    for (const m of new Set((c.localizationMethods ?? []).map((x) => x.toUpperCase()))) addMethod.run(id, m);
    clearFallbacks.run(id);
    (c.fallbacks ?? []).forEach((f, i) => addFallback.run(id, idOf.get(f)!, i + 1));
  }
}

function writeProfiles(db: Db, snap: SnapshotWrite, now: number, tally: Tally): void {
  const profiles = upserter(db, 'profiles', ['name'], ['name', 'description', 'type', 'cdn_id']);
  const params = upserter(db, 'parameters', ['name', 'config_file', 'value'], ['name', 'config_file', 'value']);
  const link = linkReplacer(db, 'profile_parameters', 'profile_id', 'parameter_id');
  const cdns = idLookup(db, 'cdns');
  for (const p of snap.profiles) {
    const { id, outcome } = profiles.upsert(
      { name: p.name, description: p.description, type: p.type, cdn_id: cdns.required(p.cdnName) },
      now,
    );
    const paramIds = p.params.map(
      (x) => params.upsert({ name: x.name, config_file: x.configFile, value: x.value }, now).id,
    );
    const changed = link(id, paramIds);
    if (outcome === 'unchanged' && changed) profiles.touch(id, now);
    tally(outcome === 'unchanged' && changed ? 'updated' : outcome);
  }
}

function writeUsers(db: Db, snap: SnapshotWrite, now: number, tally: Tally): void {
  const users = upserter(db, 'users', ['username'], SNAPSHOT_USER_COLUMNS);
  const roles = idLookup(db, 'roles');
  const tenants = idLookup(db, 'tenants');
  const hashOf = db.prepare<[number], { local_passwd: string | null }>('SELECT local_passwd FROM users WHERE id = ?');
  const setHash = db.prepare<[string, number, number]>(
    'UPDATE users SET local_passwd = ?, last_updated = ? WHERE id = ?',
  );
  for (const u of snap.users) {
    const { id, outcome } = users.upsert(
      {
        username: u.username,
        email: u.email,
        full_name: u.fullName,
        role_id: roles.required(u.role),
        tenant_id: tenants.required(u.tenant),
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
    const newHash = u.passwordHash !== null && hashOf.get(id)?.local_passwd !== u.passwordHash;
    if (newHash) setHash.run(u.passwordHash!, now, id);
    tally(outcome === 'unchanged' && newHash ? 'updated' : outcome);
  }
}

/** The change-log entry of an import, by `import`, about the root tenants (it may touch every tenant). */
function logImport(db: Db, summary: ImportSummary, now: number): void {
  const roots = db.prepare<[], number>('SELECT id FROM tenants WHERE parent_id IS NULL').pluck().all();
  changeLog(db).append({ message: importMessage(summary), user: { name: 'import' }, tenants: roots, at: now });
}

/**
 * Writes a validated snapshot in one transaction, section by section so every reference exists when it is
 * written; records match on their natural keys and are updated in place. Answers what each section did.
 */
export async function writeSnapshot(db: Db, snap: SnapshotWrite, now: number): Promise<ImportSummary> {
  const summary = emptySummary();
  const tally =
    (section: SectionName): Tally =>
    (outcome) => {
      summary[section][outcome] += 1;
    };
  const cdns = upserter(db, 'cdns', ['name'], ['name', 'domain_name', 'dnssec_enabled']);
  const coordinates = upserter(db, 'coordinates', ['name'], ['name', 'latitude', 'longitude']);
  guardWrite(() =>
    db
      .transaction(() => {
        for (const c of snap.cdns)
          tally('cdns')(
            cdns.upsert({ name: c.name, domain_name: c.domainName, dnssec_enabled: flag(c.dnssecEnabled) }, now)
              .outcome,
          );
        writeTenants(db, snap, now, tally('tenants'));
        writePlaces(db, snap, now, PLACES_BEFORE_CACHEGROUPS, tally);
        for (const c of snap.coordinates)
          tally('coordinates')(
            coordinates.upsert({ name: c.name, latitude: c.latitude, longitude: c.longitude }, now).outcome,
          );
        writeCachegroups(db, snap, now, tally('cachegroups'));
        writePlaces(db, snap, now, PLACES_AFTER_CACHEGROUPS, tally);
        writeProfiles(db, snap, now, tally('profiles'));
        writeUsers(db, snap, now, tally('users'));
        writeDeliveryServices(db, snap, now, tally('deliveryServices'));
        writeOrigins(db, snap, now, tally('origins'));
        writeServers(db, snap, now, tally('servers'));
        writeFederations(db, snap, now, tally('federations'));
        writeJobs(db, snap, now, tally('jobs'));
        logImport(db, summary, now);
      })
      .immediate(),
  );
  return summary;
}

const flag = (b: boolean) => (b ? 1 : 0);
