import { formatTimestamp } from '../../src/time.js';
import { originUrl } from '../format/deliveryservices.js';
import { FieldReader, recordLabel } from './fields.js';
import {
  readCachegroup, readCdn, readCoordinate, readDeliveryService, readFederation, readJob, readOrigin, readProfile,
  readTenant, readUser, type JobDraft,
} from './read-records.js';
import { checkServer, readServer } from './servers.js';
import { SECTIONS, type JobModel, type KnownRecords, type SnapshotModel, type TenantModel } from './types.js';

/** A record as read, with the reader that names it in errors. */
interface Read<T> {
  model: T;
  f: FieldReader;
}

export interface ValidationResult {
  /** The snapshot as import writes it; meaningful only when `errors` is empty. Tenants come parents first. */
  model: SnapshotModel;
  /** Every problem found, each naming its section, record and field. */
  errors: string[];
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
    const f = new FieldReader(recordLabel(section, i, keyName, item as Record<string, unknown>), item as Record<string, unknown>, errors);
    records.push({ model: read(f), f });
  });
  return records;
}

/** Reports records whose natural key appeared earlier in the same section. */
function rejectDuplicates<T>(records: Read<T>[], keyName: string, keyOf: (m: T) => string, what?: (m: T) => string): void {
  const seen = new Map<string, string>();
  for (const { model, f } of records) {
    const key = keyOf(model);
    if (!key) continue;
    const earlier = seen.get(key);
    const where = earlier?.split(' ')[0];
    if (earlier) f.fail(what ? `${what(model)} appears twice (also ${where})` : `${keyName}: "${key}" appears twice (also ${where})`);
    else seen.set(key, f.label);
  }
}

/** Name sets: what the database has plus what the file adds. */
const union = (known: Iterable<string>, added: Iterable<string>) => new Set([...known, ...added]);

/**
 * Orders tenants so each comes after its parent when both are in the file, and reports unknown parents and
 * cycles (a file may also move an existing tenant, so the database's tree counts too).
 */
function orderTenants(tenants: Read<TenantModel>[], known: KnownRecords): TenantModel[] {
  const parentOf = new Map<string, string | null>(known.tenants);
  for (const { model } of tenants) if (model.name !== 'root') parentOf.set(model.name, model.parentName);
  const ordered: TenantModel[] = [];
  const placed = new Set<string>();
  const byName = new Map(tenants.map((t) => [t.model.name, t]));
  const place = (t: Read<TenantModel>, path: Set<string>): void => {
    if (placed.has(t.model.name)) return;
    if (path.has(t.model.name)) return;
    path.add(t.model.name);
    const parent = byName.get(t.model.parentName);
    if (parent) place(parent, path);
    placed.add(t.model.name);
    ordered.push(t.model);
  };
  for (const t of tenants) {
    if (t.model.name === 'root') continue;
    if (!parentOf.has(t.model.parentName)) t.f.fail(`unknown parentName "${t.model.parentName}"`);
    else if (inCycle(t.model.name, parentOf)) t.f.fail(`parentName: "${t.model.parentName}" makes the tenant its own ancestor`);
    place(t, new Set());
  }
  return ordered;
}

function inCycle(name: string, parentOf: Map<string, string | null>): boolean {
  const seen = new Set<string>([name]);
  for (let p = parentOf.get(name) ?? null; p !== null; p = parentOf.get(p) ?? null) {
    if (seen.has(p)) return true;
    seen.add(p);
  }
  return false;
}

/** Reports a reference that names nothing in the file or the database. */
function checkRef(f: FieldReader, field: string, value: string | null, names: Set<string>): void {
  if (value && !names.has(value)) f.fail(`unknown ${field} "${value}"`);
}

function checkRefs(f: FieldReader, field: string, noun: string, values: string[], names: Set<string>): void {
  for (const v of values) if (!names.has(v)) f.fail(`${field}: unknown ${noun} "${v}"`);
}

/** Every section of the document read record by record; what cannot be read is in `errors`. */
function readSections(d: Record<string, unknown>, errors: string[]) {
  return {
    cdns: readSection(d, 'cdns', 'name', readCdn, errors),
    tenants: readSection(d, 'tenants', 'name', readTenant, errors),
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

type Sections = ReturnType<typeof readSections>;

/** A key given twice in one section is an error at the second. */
function rejectAllDuplicates(s: Sections): void {
  rejectDuplicates(s.cdns, 'name', (m) => m.name);
  rejectDuplicates(s.tenants, 'name', (m) => m.name);
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
function knownNames(s: Sections, known: KnownRecords) {
  return {
    cdns: union(known.cdns, s.cdns.map((r) => r.model.name)),
    tenants: union(known.tenants.keys(), s.tenants.map((r) => r.model.name)),
    coordinates: union(known.coordinates, s.coordinates.map((r) => r.model.name)),
    cachegroups: union(known.cachegroups, s.cachegroups.map((r) => r.model.name)),
    profiles: union(known.profiles, s.profiles.map((r) => r.model.name)),
    users: union(known.users.keys(), s.users.map((r) => r.model.username)),
    deliveryServices: union(known.deliveryServices.keys(), s.deliveryServices.map((r) => r.model.xmlId)),
  };
}

function checkCachegroups(s: Sections, known: KnownRecords, names: ReturnType<typeof knownNames>): void {
  for (const { model, f } of s.cachegroups) {
    if (model.type && !known.cachegroupTypes.has(model.type)) f.fail(`unknown type "${model.type}"`);
    checkRef(f, 'coordinate', model.coordinate, names.coordinates);
    checkRef(f, 'parentCachegroup', model.parentCachegroup, names.cachegroups);
    checkRef(f, 'secondaryParentCachegroup', model.secondaryParentCachegroup, names.cachegroups);
    if (model.parentCachegroup === model.name) f.fail('parentCachegroup: a cache group cannot be its own parent');
    if (model.secondaryParentCachegroup === model.name) f.fail('secondaryParentCachegroup: a cache group cannot be its own parent');
  }
}

/** Every reference of every record checked against the names of the file and the database. */
function checkReferences(s: Sections, known: KnownRecords, names: ReturnType<typeof knownNames>): void {
  checkCachegroups(s, known, names);
  for (const { model, f } of s.profiles) checkRef(f, 'cdnName', model.cdnName, names.cdns);
  checkUsers(s.users, known, names.tenants);
  checkDeliveryServices(s.deliveryServices, known, names);
  checkOrigins(s.origins, s.deliveryServices, known, names);
  const deliveryServiceCdns = new Map(known.deliveryServiceCdns);
  for (const { model } of s.deliveryServices) deliveryServiceCdns.set(model.xmlId, model.cdnName);
  for (const { model, f } of s.servers) checkServer(f, model, known, { ...names, deliveryServiceCdns });
  for (const { model, f } of s.federations) {
    checkRef(f, 'cdnName', model.cdnName, names.cdns);
    checkRefs(f, 'deliveryServices', 'delivery service', model.deliveryServices, names.deliveryServices);
    checkRefs(f, 'users', 'user', model.users, names.users);
  }
}

const emptyModel = (): SnapshotModel => ({
  cdns: [], tenants: [], coordinates: [], cachegroups: [], profiles: [], users: [], deliveryServices: [],
  origins: [], servers: [], federations: [], jobs: [],
});

/**
 * Validates a whole snapshot document against itself and what the database holds, before anything is written.
 * Pure: `known` is read from the database by the caller.
 */
export function validateSnapshot(doc: unknown, known: KnownRecords): ValidationResult {
  const errors: string[] = [];
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return { model: emptyModel(), errors: ['snapshot: must be a JSON object with sections such as "deliveryServices"'] };
  }
  const d = doc as Record<string, unknown>;
  for (const key of Object.keys(d)) {
    if (!(SECTIONS as readonly string[]).includes(key)) errors.push(`${key}: unknown section (known: ${SECTIONS.join(', ')})`);
  }
  const s = readSections(d, errors);
  rejectAllDuplicates(s);
  const names = knownNames(s, known);
  const orderedTenants = orderTenants(s.tenants, known);
  checkReferences(s, known, names);
  const resolvedJobs = resolveJobs(s.jobs, s.deliveryServices, known, names);
  const models = <T>(records: Read<T>[]) => records.map((r) => r.model);
  return {
    errors,
    model: {
      cdns: models(s.cdns),
      tenants: orderedTenants,
      coordinates: models(s.coordinates),
      cachegroups: models(s.cachegroups),
      profiles: models(s.profiles),
      users: models(s.users),
      deliveryServices: models(s.deliveryServices),
      origins: models(s.origins),
      servers: models(s.servers),
      federations: models(s.federations),
      jobs: resolvedJobs,
    },
  };
}

function checkUsers(users: Read<SnapshotModel['users'][number]>[], known: KnownRecords, tenantNames: Set<string>): void {
  const inFile = new Set(users.map((u) => u.model.username));
  const emailOwner = new Map([...known.users].map(([username, email]) => [email.toLowerCase(), username]));
  for (const { model, f } of users) {
    if (model.role && !known.roles.has(model.role)) f.fail(`unknown role "${model.role}"`);
    checkRef(f, 'tenant', model.tenant, tenantNames);
    const owner = emailOwner.get(model.email.toLowerCase());
    if (model.email && owner && owner !== model.username && !inFile.has(owner)) {
      f.fail(`email: "${model.email}" already belongs to user "${owner}"`);
    }
  }
}

function checkDeliveryServices(
  list: Read<SnapshotModel['deliveryServices'][number]>[],
  known: KnownRecords,
  names: Record<'cdns' | 'tenants' | 'profiles' | 'users', Set<string>>,
): void {
  for (const { model, f } of list) {
    checkRef(f, 'cdnName', model.cdnName, names.cdns);
    if (model.type && !known.deliveryServiceTypes.has(model.type)) f.fail(`unknown type "${model.type}"`);
    checkRef(f, 'tenant', model.tenant, names.tenants);
    checkRef(f, 'profileName', model.profileName, names.profiles);
    checkRefs(f, 'users', 'user', model.users, names.users);
    const taken = known.origins.get(model.xmlId);
    if (model.orgServerFqdn && taken && !(taken.isPrimary && taken.deliveryService === model.xmlId)) {
      f.fail(`orgServerFqdn: the primary origin would be named "${model.xmlId}", which another origin already has`);
    }
  }
}

function checkOrigins(
  list: Read<SnapshotModel['origins'][number]>[],
  deliveryServices: Read<SnapshotModel['deliveryServices'][number]>[],
  known: KnownRecords,
  names: Record<'deliveryServices' | 'cachegroups' | 'coordinates' | 'profiles' | 'tenants', Set<string>>,
): void {
  const primaryNames = new Set(deliveryServices.filter((r) => r.model.orgServerFqdn).map((r) => r.model.xmlId));
  for (const [name, o] of known.origins) if (o.isPrimary) primaryNames.add(name);
  for (const { model, f } of list) {
    checkRef(f, 'deliveryService', model.deliveryService, names.deliveryServices);
    checkRef(f, 'cachegroup', model.cachegroup, names.cachegroups);
    checkRef(f, 'coordinate', model.coordinate, names.coordinates);
    checkRef(f, 'profile', model.profile, names.profiles);
    checkRef(f, 'tenant', model.tenant, names.tenants);
    if (primaryNames.has(model.name)) {
      f.fail(`name: "${model.name}" is a primary origin, which comes from its delivery service's orgServerFqdn`);
    }
  }
}

/** Checks jobs and turns a `regex` into the asset URL on the delivery service's primary origin. */
function resolveJobs(
  jobs: Read<JobDraft>[],
  deliveryServices: Read<SnapshotModel['deliveryServices'][number]>[],
  known: KnownRecords,
  names: Record<'deliveryServices' | 'users', Set<string>>,
): JobModel[] {
  const primaryUrl = new Map(known.deliveryServices);
  for (const { model } of deliveryServices) if (model.orgServerFqdn) primaryUrl.set(model.xmlId, originUrl(model.orgServerFqdn));
  const resolved: Read<JobModel>[] = [];
  for (const { model, f } of jobs) {
    checkRef(f, 'deliveryService', model.deliveryService, names.deliveryServices);
    checkRef(f, 'username', model.username, names.users);
    let assetUrl = model.assetUrl ?? '';
    if (model.regex !== null && names.deliveryServices.has(model.deliveryService)) {
      const base = primaryUrl.get(model.deliveryService) ?? null;
      if (base === null) f.fail(`regex: delivery service "${model.deliveryService}" has no orgServerFqdn to purge from`);
      else assetUrl = base + model.regex;
    }
    const { regex: _regex, ...rest } = model;
    resolved.push({ model: { ...rest, assetUrl }, f });
  }
  rejectDuplicates(
    resolved,
    'assetUrl',
    (m) => (m.assetUrl ? JSON.stringify([m.deliveryService, m.assetUrl, m.startTime]) : ''),
    (m) => `the purge of "${m.assetUrl}" starting ${formatTimestamp(m.startTime)}`,
  );
  return resolved.map((r) => r.model);
}
