// A snapshot's sections read record by record, their duplicate keys, and the names references may use.
import { FieldReader, recordLabel } from './fields.js';
import { readCachegroup } from './read-cachegroup.js';
import {
  readCdn,
  readCoordinate,
  readDeliveryService,
  readFederation,
  readJob,
  readOrigin,
  readProfile,
  readTenant,
  readUser,
} from './read-records.js';
import { readServer } from './servers.js';
import { readAsn, readDivision, readPhysLocation, readRegion, readStatus, readType } from './read-places.js';
import type { KnownRecords, SnapshotModel } from '../../store/snapshot-types.js';

/** A record as read, with the reader that names it in errors. */
export interface Read<T> {
  model: T;
  f: FieldReader;
}

function readSection<T>(
  doc: Record<string, unknown>,
  section: string,
  keyName: string,
  read: (f: FieldReader) => T,
  errors: string[],
): Read<T>[] {
  const raw = doc[section];
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    errors.push(`${section}: must be an array`);
    return [];
  }
  const records: Read<T>[] = [];
  raw.forEach((item: unknown, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      errors.push(`${section}[${i}]: must be an object`);
      return;
    }
    const f = new FieldReader(
      recordLabel(section, i, keyName, item as Record<string, unknown>),
      item as Record<string, unknown>,
      errors,
    );
    records.push({ model: read(f), f });
  });
  return records;
}

/** Reports records whose natural key appeared earlier in the same section. */
export function rejectDuplicates<T>(
  records: Read<T>[],
  keyName: string,
  keyOf: (m: T) => string,
  what?: (m: T) => string,
): void {
  const seen = new Map<string, string>();
  for (const { model, f } of records) {
    const key = keyOf(model);
    if (!key) continue;
    const earlier = seen.get(key);
    const where = earlier?.split(' ')[0];
    if (earlier)
      f.fail(
        what ? `${what(model)} appears twice (also ${where})` : `${keyName}: "${key}" appears twice (also ${where})`,
      );
    else seen.set(key, f.label);
  }
}

/** Name sets: what the database has plus what the file adds. */
const union = (known: Iterable<string>, added: Iterable<string>) => new Set([...known, ...added]);

/** Every section of the document read record by record; what cannot be read is in `errors`. */
export function readSections(d: Record<string, unknown>, errors: string[]) {
  return {
    cdns: readSection(d, 'cdns', 'name', readCdn, errors),
    tenants: readSection(d, 'tenants', 'name', readTenant, errors),
    types: readSection(d, 'types', 'name', readType, errors),
    statuses: readSection(d, 'statuses', 'name', readStatus, errors),
    divisions: readSection(d, 'divisions', 'name', readDivision, errors),
    regions: readSection(d, 'regions', 'name', readRegion, errors),
    physLocations: readSection(d, 'physLocations', 'name', readPhysLocation, errors),
    asns: readSection(d, 'asns', 'asn', readAsn, errors),
    coordinates: readSection(d, 'coordinates', 'name', readCoordinate, errors),
    cachegroups: readSection(d, 'cachegroups', 'name', readCachegroup, errors),
    profiles: readSection(d, 'profiles', 'name', readProfile, errors),
    users: readSection(d, 'users', 'username', readUser, errors),
    deliveryServices: readSection(d, 'deliveryServices', 'xmlId', readDeliveryService, errors),
    origins: readSection(d, 'origins', 'name', readOrigin, errors),
    servers: readSection(d, 'servers', 'hostName', readServer, errors),
    federations: readSection(d, 'federations', 'cname', readFederation, errors),
    jobs: readSection(d, 'jobs', 'deliveryService', readJob, errors),
  };
}

export type Sections = ReturnType<typeof readSections>;

/** A key given twice in one section is an error at the second. */
export function rejectAllDuplicates(s: Sections): void {
  rejectDuplicates(s.cdns, 'name', (m) => m.name);
  rejectDuplicates(s.tenants, 'name', (m) => m.name);
  rejectDuplicates(s.types, 'name, useInTable', (m) => (m.name && m.useInTable ? `${m.name}, ${m.useInTable}` : ''));
  rejectDuplicates(s.statuses, 'name', (m) => m.name);
  rejectDuplicates(s.divisions, 'name', (m) => m.name);
  rejectDuplicates(s.regions, 'name', (m) => m.name);
  rejectDuplicates(s.physLocations, 'name', (m) => m.name);
  rejectDuplicates(s.physLocations, 'shortName', (m) => m.shortName);
  rejectDuplicates(s.asns, 'asn', (m) => (m.asn > 0 ? String(m.asn) : ''));
  rejectDuplicates(s.coordinates, 'name', (m) => m.name);
  rejectDuplicates(s.cachegroups, 'name', (m) => m.name);
  rejectDuplicates(s.profiles, 'name', (m) => m.name);
  rejectDuplicates(s.users, 'username', (m) => m.username);
  rejectDuplicates(s.users, 'email', (m) => m.email.toLowerCase());
  rejectDuplicates(s.deliveryServices, 'xmlId', (m) => m.xmlId);
  rejectDuplicates(s.origins, 'name', (m) => m.name);
  rejectDuplicates(s.servers, 'hostName', (m) => m.hostName);
  rejectDuplicates(s.federations, 'cname', (m) => m.cname);
}

/** The names a reference may use: the database's and the file's. */
export function knownNames(s: Sections, known: KnownRecords) {
  return {
    cdns: union(
      known.cdns,
      s.cdns.map((r) => r.model.name),
    ),
    tenants: union(
      known.tenants.keys(),
      s.tenants.map((r) => r.model.name),
    ),
    divisions: union(
      known.divisions,
      s.divisions.map((r) => r.model.name),
    ),
    regions: union(
      known.regions,
      s.regions.map((r) => r.model.name),
    ),
    physLocations: union(
      known.physLocations.keys(),
      s.physLocations.map((r) => r.model.name),
    ),
    types: union(
      known.types,
      s.types.map((r) => `${r.model.useInTable}/${r.model.name}`),
    ),
    coordinates: union(
      known.coordinates,
      s.coordinates.map((r) => r.model.name),
    ),
    cachegroups: union(
      known.cachegroups,
      s.cachegroups.map((r) => r.model.name),
    ),
    profiles: union(
      known.profiles,
      s.profiles.map((r) => r.model.name),
    ),
    users: union(
      known.users.keys(),
      s.users.map((r) => r.model.username),
    ),
    deliveryServices: union(
      known.deliveryServices.keys(),
      s.deliveryServices.map((r) => r.model.xmlId),
    ),
  };
}

/** A model with every section empty. */
export const emptyModel = (): SnapshotModel => ({
  cdns: [],
  tenants: [],
  types: [],
  statuses: [],
  divisions: [],
  regions: [],
  physLocations: [],
  coordinates: [],
  cachegroups: [],
  asns: [],
  profiles: [],
  users: [],
  deliveryServices: [],
  origins: [],
  servers: [],
  federations: [],
  jobs: [],
});
