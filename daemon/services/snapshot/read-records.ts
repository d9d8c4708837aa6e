import { NAME_LIMITS, nameProblem, userNameProblems } from '../../../shared/rules/names.js';
import { isIP } from 'node:net';
import { parseTimestamp } from '../../../shared/time.js';
import { passwordProblem } from '../../../shared/rules/users/password-quality.js';
import { INT32 } from '../../../shared/rules/users/fields.js';
import { parseScryptHash } from '../auth/passwords.js';
import { profileTypeProblem } from '../../../shared/rules/profiles.js';
import { readParams } from './profile-params.js';
import { DS_DOCUMENT_FIELDS, readSettings } from './ds-fields.js';
import { DNS_NAME, type FieldReader } from './fields.js';
import { coordinateNameRules } from './read-places.js';
import { namingProblems } from '../../../shared/rules/deliveryservices/validate.js';
import { ROOT_IMMUTABLE, ROOT_TENANT } from '../../../shared/rules/tenants.js';
import { cnameProblem, ttlProblem } from '../../../shared/rules/federations.js';
import type {
  CdnModel,
  CoordinateModel,
  DeliveryServiceModel,
  FederationModel,
  JobModel,
  OriginModel,
  ProfileModel,
  TenantModel,
  UserModel,
} from '../../store/snapshot-types.js';

/*
 * One reader per section: the shape and value rules of a single record, without looking at other records.
 * References by name are checked afterwards (validate.ts), once every section has been read.
 */

export function readCdn(f: FieldReader): CdnModel {
  f.rejectUnknown(['name', 'domainName', 'dnssecEnabled']);
  const domainName = f.requiredString('domainName');
  if (domainName && !DNS_NAME.test(domainName)) f.fail('domainName: must be a valid DNS name');
  return { name: f.requiredName('name'), domainName, dnssecEnabled: f.boolean('dnssecEnabled', false) };
}

export function readTenant(f: FieldReader): TenantModel {
  f.rejectUnknown(['name', 'parentName', 'active']);
  const name = f.requiredName('name');
  // The API's rule and text (shared/rules/tenants.ts): the root tenant never changes.
  if (name === ROOT_TENANT) f.fail(ROOT_IMMUTABLE);
  return { name, parentName: f.stringOr('parentName', 'root'), active: f.boolean('active', true) };
}

export function readCoordinate(f: FieldReader): CoordinateModel {
  f.rejectUnknown(['name', 'latitude', 'longitude']);
  coordinateNameRules(f);
  return {
    name: f.requiredName('name'),
    latitude: f.requiredNumber('latitude', -90, 90),
    longitude: f.requiredNumber('longitude', -180, 180),
  };
}

export function readProfile(f: FieldReader): ProfileModel {
  f.rejectUnknown(['name', 'description', 'type', 'cdnName', 'params']);
  const type = f.requiredString('type');
  if (type && profileTypeProblem(type)) f.fail(`type: ${profileTypeProblem(type)}`);
  const description = f.stringOr('description', '');
  f.held('description', description, 'text');
  return {
    name: f.requiredName('name'),
    description,
    type,
    cdnName: f.requiredString('cdnName'),
    params: readParams(f),
  };
}

const CONTACT_FIELDS = [
  'company',
  'addressLine1',
  'addressLine2',
  'city',
  'stateOrProvince',
  'postalCode',
  'country',
  'phoneNumber',
  'publicSshKey',
] as const;

export function readUser(f: FieldReader): UserModel {
  f.rejectUnknown([
    'username',
    'email',
    'fullName',
    'role',
    'tenant',
    'localPassword',
    'localPasswordHash',
    'newUser',
    'gid',
    'uid',
    ...CONTACT_FIELDS,
  ]);
  const username = f.requiredString('username');
  const email = f.requiredString('email');
  for (const problem of userNameProblems({ username, fullName: f.raw.fullName })) f.fail(problem);
  if (email && !/^[^@\s]+@[^@\s]+$/.test(email)) f.fail('email: must be a valid email address');
  const plain = f.optionalString('localPassword');
  const hash = f.optionalString('localPasswordHash');
  let password: UserModel['password'] = null;
  if (plain !== null && hash !== null) f.fail('localPassword: give localPassword or localPasswordHash, not both');
  else if (plain !== null) {
    const problem = passwordProblem(plain, username || null);
    if (problem) f.fail(`localPassword: ${problem}`);
    password = { plain };
  } else if (hash !== null) {
    if (!parseScryptHash(hash)) f.fail('localPasswordHash: must be in the SCRYPT:N:r:p:salt:key format');
    password = { hash };
  }
  // As stored: the API keeps an empty text as sent, so '' and absent differ.
  const contact = Object.fromEntries(CONTACT_FIELDS.map((k) => [k, f.optionalText(k)])) as Record<
    (typeof CONTACT_FIELDS)[number],
    string | null
  >;
  for (const k of CONTACT_FIELDS) f.held(k, contact[k], 'text');
  return {
    username,
    email,
    fullName: f.stringOr('fullName', ''),
    role: f.requiredString('role'),
    tenant: f.requiredString('tenant'),
    newUser: f.boolean('newUser', false),
    password,
    ...contact,
    // A 32-bit integer, as PUT user/current takes them (a negative gid included).
    gid: f.optionalInteger('gid', INT32.min, INT32.max),
    uid: f.optionalInteger('uid', INT32.min, INT32.max),
  };
}

export function readDeliveryService(f: FieldReader): DeliveryServiceModel {
  f.rejectUnknown(DS_DOCUMENT_FIELDS);
  const xmlId = f.requiredString('xmlId');
  const settings = readSettings(f);
  settings.displayName = f.requiredName('displayName');
  for (const key of DS_FREE_TEXTS) f.held(key, settings[key], 'text');
  settings.routingName = f.stringOr('routingName', 'cdn') || 'cdn';
  // The API's rules and texts (shared/rules/deliveryservices): a record the API refuses, the importer refuses.
  const named = namingProblems(xmlId, settings.routingName, f.optionalString('orgServerFqdn'));
  for (const problem of named.problems) f.fail(problem);
  const orgServerFqdn = named.origin;
  return {
    xmlId,
    cdnName: f.requiredString('cdnName'),
    type: f.requiredString('type'),
    tenant: f.requiredString('tenant'),
    profileName: f.optionalString('profileName'),
    settings,
    orgServerFqdn,
    users: f.stringList('users'),
  };
}

export function readOrigin(f: FieldReader): OriginModel {
  f.rejectUnknown([
    'name',
    'deliveryService',
    'fqdn',
    'protocol',
    'port',
    'ipAddress',
    'ip6Address',
    'cachegroup',
    'coordinate',
    'profile',
    'tenant',
  ]);
  const name = f.requiredString('name');
  if (/\s/.test(name)) f.fail('name: cannot contain spaces');
  const nameTrouble = nameProblem('name', name, 'identifier', NAME_LIMITS.name);
  if (nameTrouble) f.fail(nameTrouble);
  const fqdn = f.requiredString('fqdn');
  if (fqdn && (!DNS_NAME.test(fqdn) || isIP(fqdn) !== 0)) f.fail('fqdn: must be a valid DNS name');
  const ipAddress = f.optionalString('ipAddress');
  if (ipAddress !== null && isIP(ipAddress) !== 4) f.fail('ipAddress: must be a valid IPv4 address');
  const ip6Address = f.optionalString('ip6Address');
  if (ip6Address !== null && isIP(ip6Address) !== 6) f.fail('ip6Address: must be a valid IPv6 address');
  return {
    name,
    deliveryService: f.requiredString('deliveryService'),
    fqdn,
    protocol: f.oneOf('protocol', ['http', 'https'], 'http'),
    port: f.optionalInteger('port', 1, 65535),
    ipAddress,
    ip6Address,
    cachegroup: f.optionalString('cachegroup'),
    coordinate: f.optionalString('coordinate'),
    profile: f.optionalString('profile'),
    tenant: f.optionalString('tenant'),
  };
}

/** The free texts of a delivery service a person reads (the portal, the CLI), held to the text rules. */
const DS_FREE_TEXTS = ['longDesc', 'longDesc1', 'longDesc2', 'infoUrl', 'checkPath'] as const;

/** An optional free text, held to the text rules. */
function held(f: FieldReader, key: string): string | null {
  const v = f.optionalString(key);
  f.held(key, v, 'text');
  return v;
}

export function readFederation(f: FieldReader): FederationModel {
  f.rejectUnknown(['cname', 'ttl', 'cdnName', 'description', 'deliveryServices', 'users']);
  // The API's rules and texts (shared/rules/federations.ts): a federation the API refuses, the importer refuses.
  const cname = typeof f.raw.cname === 'string' ? f.raw.cname : '';
  const ttl = f.raw.ttl;
  for (const problem of [cnameProblem(f.raw.cname), ttlProblem(ttl)]) if (problem) f.fail(problem);
  return {
    cname,
    ttl: typeof ttl === 'number' && Number.isSafeInteger(ttl) ? ttl : 0,
    cdnName: f.optionalString('cdnName'),
    description: held(f, 'description'),
    deliveryServices: f.stringList('deliveryServices'),
    users: f.stringList('users'),
  };
}

function readTime(f: FieldReader, key: string, required: boolean): number | null {
  const text = required ? f.requiredString(key) : f.optionalString(key);
  if (!text) return null;
  const ms = parseTimestamp(text);
  if (ms === null) f.fail(`${key}: must be a time as YYYY-MM-DD hh:mm:ss`);
  return ms;
}

/** A job before its regex is resolved against the delivery service's primary origin (validate.ts does that). */
export type JobDraft = Omit<JobModel, 'assetUrl'> & { assetUrl: string | null; regex: string | null };

export function readJob(f: FieldReader): JobDraft {
  f.rejectUnknown([
    'id',
    'deliveryService',
    'username',
    'assetUrl',
    'regex',
    'ttl',
    'startTime',
    'enteredTime',
    'status',
  ]);
  const assetUrl = f.optionalString('assetUrl');
  const regex = f.optionalString('regex');
  if ((assetUrl === null) === (regex === null)) f.fail('assetUrl: give either assetUrl or regex');
  if (assetUrl !== null && !/^https?:\/\/[^/\s]+\/\S*$/.test(assetUrl))
    f.fail('assetUrl: must be an http(s) URL with a path');
  if (regex !== null && !regex.startsWith('/')) f.fail("regex: must start with '/'");
  else if (regex !== null) {
    try {
      new RegExp(regex);
    } catch (err) {
      f.fail(`regex: is not a valid regular expression: ${(err as Error).message}`);
    }
  }
  return {
    // Both stores keep ids as 32-bit integers.
    id: f.optionalInteger('id', 1, 2_147_483_647),
    deliveryService: f.requiredString('deliveryService'),
    username: f.requiredString('username'),
    assetUrl,
    regex,
    ttl: f.requiredInteger('ttl', 1),
    startTime: readTime(f, 'startTime', true) ?? 0,
    enteredTime: readTime(f, 'enteredTime', false),
    status: f.stringOr('status', 'PENDING'),
  };
}
