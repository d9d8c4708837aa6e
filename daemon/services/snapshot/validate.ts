import { CHILD_AS_PARENT } from '../../../shared/rules/tenants.js';
import { originUrl } from '../../format/deliveryservices.js';
import { quotable, type FieldReader } from './fields.js';
import { checkJobIdentities } from './job-identities.js';
import type { JobDraft } from './read-records.js';
import { purgeLineError } from '../../../shared/rules/purge/revalidate-line.js';
import { knownNames, readSections, rejectAllDuplicates, emptyModel, type Read, type Sections } from './sections.js';
import { checkServer } from './servers.js';
import { checkPlaces, checkServerAddresses, withFileTypes } from './validate-places.js';
import {
  CG_TEXTS,
  ancestorLoop,
  cachegroupFieldErrors,
  fallbackProblem,
  localizationMethods,
} from '../../../shared/rules/topology/cachegroups.js';
import {
  SECTIONS,
  type JobModel,
  type KnownRecords,
  type SnapshotModel,
  type TenantModel,
} from '../../store/snapshot-types.js';

export interface ValidationResult {
  /** The snapshot as import writes it; meaningful only when `errors` is empty. Tenants come parents first. */
  model: SnapshotModel;
  /** Every problem found, each naming its section, record and field. */
  errors: string[];
}

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
    else if (inCycle(t.model.name, parentOf)) t.f.fail(CHILD_AS_PARENT);
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
  if (value && !names.has(value)) f.fail(quotable(value) ? `unknown ${field} "${value}"` : `unknown ${field}`);
}

function checkRefs(f: FieldReader, field: string, noun: string, values: string[], names: Set<string>): void {
  for (const v of values)
    if (!names.has(v)) f.fail(quotable(v) ? `${field}: unknown ${noun} "${v}"` : `${field}: unknown ${noun}`);
}

/** The API's cache-group rules (shared/rules/topology/cachegroups.ts), over the file's groups and the database's. */
function checkCachegroupRules(s: Sections, known: KnownRecords): void {
  const groups = new Map(known.cachegroupInfo);
  for (const { model } of s.cachegroups)
    groups.set(model.name, { type: model.type, parents: [model.parentCachegroup, model.secondaryParentCachegroup] });
  for (const { model, f } of s.cachegroups) {
    for (const text of cachegroupFieldErrors(model)) f.fail(text);
    const methods = localizationMethods(model.localizationMethods);
    if ('error' in methods) f.fail(methods.error);
    const problem = fallbackProblem(model.name, model.type, model.fallbacks ?? [], (n) => groups.get(n)?.type);
    if (problem) f.fail(problem);
    const parents = [model.parentCachegroup, model.secondaryParentCachegroup];
    const loop = ancestorLoop(
      model.name,
      parents,
      (n) => groups.get(n)?.parents ?? [],
      (n) => n,
    );
    if (loop) f.fail(CG_TEXTS.ancestor(loop));
  }
}

function checkCachegroups(s: Sections, known: KnownRecords, names: ReturnType<typeof knownNames>): void {
  for (const { model, f } of s.cachegroups) {
    if (model.type && !known.cachegroupTypes.has(model.type)) f.fail(`unknown type "${model.type}"`);
    checkRef(f, 'coordinate', model.coordinate, names.coordinates);
    checkRef(f, 'parentCachegroup', model.parentCachegroup, names.cachegroups);
    checkRef(f, 'secondaryParentCachegroup', model.secondaryParentCachegroup, names.cachegroups);
  }
  checkCachegroupRules(s, known);
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
  checkPlaces(s, known, names);
  checkServerAddresses(s, known);
  for (const { model, f } of s.federations) {
    checkRef(f, 'cdnName', model.cdnName, names.cdns);
    checkRefs(f, 'deliveryServices', 'delivery service', model.deliveryServices, names.deliveryServices);
    checkRefs(f, 'users', 'user', model.users, names.users);
  }
}

/**
 * Validates a whole snapshot document against itself and what the database holds, before anything is written.
 * Pure: `known` is read from the database by the caller.
 */
export function validateSnapshot(doc: unknown, stored: KnownRecords): ValidationResult {
  const errors: string[] = [];
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return {
      model: emptyModel(),
      errors: ['snapshot: must be a JSON object with sections such as "deliveryServices"'],
    };
  }
  const d = doc as Record<string, unknown>;
  for (const key of Object.keys(d)) {
    if (!(SECTIONS as readonly string[]).includes(key))
      errors.push(`${key}: unknown section (known: ${SECTIONS.join(', ')})`);
  }
  const s = readSections(d, errors);
  const known = withFileTypes(stored, s);
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
      types: models(s.types),
      statuses: models(s.statuses),
      divisions: models(s.divisions),
      regions: models(s.regions),
      physLocations: models(s.physLocations),
      coordinates: models(s.coordinates),
      cachegroups: models(s.cachegroups),
      asns: models(s.asns),
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

function checkUsers(
  users: Read<SnapshotModel['users'][number]>[],
  known: KnownRecords,
  tenantNames: Set<string>,
): void {
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
  for (const { model } of deliveryServices)
    if (model.orgServerFqdn) primaryUrl.set(model.xmlId, originUrl(model.orgServerFqdn));
  const resolved: Read<JobModel>[] = [];
  for (const { model, f } of jobs) {
    checkRef(f, 'deliveryService', model.deliveryService, names.deliveryServices);
    checkRef(f, 'username', model.username, names.users);
    let assetUrl = model.assetUrl ?? '';
    if (model.regex !== null && names.deliveryServices.has(model.deliveryService)) {
      const base = primaryUrl.get(model.deliveryService) ?? null;
      if (base === null)
        f.fail(`regex: delivery service "${model.deliveryService}" has no orgServerFqdn to purge from`);
      else assetUrl = base + model.regex;
    }
    // The regex_revalidate.config line must fit a cache's buffer, as the API checks (issue 32).
    const tooLong = assetUrl ? purgeLineError(assetUrl, model.startTime, model.ttl) : null;
    if (tooLong) f.fail(tooLong);
    const { regex: _regex, ...rest } = model;
    resolved.push({ model: { ...rest, assetUrl }, f });
  }
  checkJobIdentities(resolved, known);
  return resolved.map((r) => r.model);
}
