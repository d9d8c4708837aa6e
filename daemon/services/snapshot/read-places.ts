import {
  checkAsn,
  checkCoordinate,
  checkDivision,
  checkPhysLocation,
  checkRegion,
  checkStatus,
  checkType,
  type Checked,
} from '../../../shared/rules/places.js';
import type { FieldReader } from './fields.js';
import type {
  AsnModel,
  DivisionModel,
  PhysLocationModel,
  RegionModel,
  StatusModel,
  TypeModel,
} from '../../store/snapshot-types.js';

/*
 * The topology's small tables in a snapshot (issue 30): each record is held to the rules the API holds it to
 * (shared/rules/places.ts) and refused with the API's own text. A reference is by name where the API takes an
 * id: the name stands in for the id while the rules run (a stand-in of 1 passes them), and validate.ts checks
 * that it names a row.
 */

/** Runs an API rule over the record (references replaced by stand-ins) and reports its failures verbatim. */
function apiRules<F>(f: FieldReader, check: (body: unknown) => Checked<F>, body: Record<string, unknown>): void {
  const checked = check(body);
  if (!checked.ok) for (const text of checked.errors) f.fail(text);
}

/** A field as given when it is a string, else null (the API's rule then reports it). */
const text = (f: FieldReader, key: string): string | null => {
  const v = f.raw[key];
  return typeof v === 'string' && v !== '' ? v : null;
};

/** A reference by name: a stand-in id for the API's rules when given, else what the record has (blank or wrong). */
const standIn = (f: FieldReader, key: string): unknown => (text(f, key) === null ? f.raw[key] : 1);

export function readType(f: FieldReader): TypeModel {
  f.rejectUnknown(['name', 'description', 'useInTable']);
  apiRules(f, checkType, f.raw);
  return {
    name: text(f, 'name') ?? '',
    description: text(f, 'description') ?? '',
    useInTable: text(f, 'useInTable') ?? '',
  };
}

export function readStatus(f: FieldReader): StatusModel {
  f.rejectUnknown(['name', 'description']);
  apiRules(f, checkStatus, f.raw);
  return { name: text(f, 'name') ?? '', description: text(f, 'description') };
}

export function readDivision(f: FieldReader): DivisionModel {
  f.rejectUnknown(['name']);
  apiRules(f, checkDivision, f.raw);
  return { name: text(f, 'name') ?? '' };
}

export function readRegion(f: FieldReader): RegionModel {
  f.rejectUnknown(['name', 'divisionName']);
  apiRules(f, checkRegion, { name: f.raw.name, division: standIn(f, 'divisionName') });
  return { name: text(f, 'name') ?? '', divisionName: text(f, 'divisionName') ?? '' };
}

const PHYS_LOCATION_TEXTS = ['shortName', 'address', 'city', 'state', 'zip', 'poc', 'phone', 'email', 'comments'];

export function readPhysLocation(f: FieldReader): PhysLocationModel {
  f.rejectUnknown(['name', 'region', ...PHYS_LOCATION_TEXTS]);
  apiRules(f, checkPhysLocation, { ...f.raw, region: undefined, regionId: standIn(f, 'region') });
  return {
    name: text(f, 'name') ?? '',
    shortName: text(f, 'shortName') ?? '',
    address: text(f, 'address') ?? '',
    city: text(f, 'city') ?? '',
    state: text(f, 'state') ?? '',
    zip: text(f, 'zip') ?? '',
    poc: text(f, 'poc'),
    phone: text(f, 'phone'),
    email: text(f, 'email'),
    comments: text(f, 'comments'),
    region: text(f, 'region') ?? '',
  };
}

export function readAsn(f: FieldReader): AsnModel {
  f.rejectUnknown(['asn', 'cachegroup']);
  apiRules(f, checkAsn, { asn: f.raw.asn, cachegroupId: standIn(f, 'cachegroup') });
  const asn = f.raw.asn;
  return { asn: typeof asn === 'number' ? asn : 0, cachegroup: text(f, 'cachegroup') ?? '' };
}

/** The coordinate rules the API holds a name to (its characters), on top of the snapshot's own checks. */
export function coordinateNameRules(f: FieldReader): void {
  const name = text(f, 'name');
  if (name === null) return;
  const checked = checkCoordinate({ name });
  // Other failures of the name are the identifier rules', which the snapshot reports already.
  if (!checked.ok) for (const t of checked.errors) if (t.includes('invalid characters')) f.fail(t);
}
