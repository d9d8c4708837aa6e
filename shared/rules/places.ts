/**
 * The rules of the topology's small tables (issue 30), with Traffic Ops 1.x's texts: the API's writes and the
 * snapshot importer both run them, so a record one refuses the other refuses with the same words. Failures are
 * listed in the order of the fields below (Traffic Ops' order was that of a Go map: random) and joined with `, `.
 */
import { identifierProblem, textProblem } from './names.js';

export interface DivisionFields {
  name: string;
}
export interface RegionFields {
  name: string;
  division: number;
}
export interface PhysLocationFields {
  name: string;
  shortName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  poc: string | null;
  phone: string | null;
  email: string | null;
  comments: string | null;
  regionId: number;
}
export interface CoordinateFields {
  name: string;
  latitude: number;
  longitude: number;
}
export interface TypeFields {
  name: string;
  description: string;
  useInTable: string;
}
export interface StatusFields {
  name: string;
  description: string | null;
}
export interface AsnFields {
  asn: number;
  cachegroupId: number;
}

/** The fields of a valid record, or every failure found. */
export type Checked<F> = { ok: true; fields: F } | { ok: false; errors: string[] };

type Body = Record<string, unknown>;

/** Reads one body's fields, collecting failures in Traffic Ops' words. */
class Reader {
  readonly errors: string[] = [];
  constructor(private readonly body: Body) {}

  /** A required string: absent, null or empty is `'<key>' cannot be blank` (or `blank` when given). */
  required(key: string, label = key, blank?: string): string {
    const value = this.body[key];
    if (value === undefined || value === null || value === '') {
      this.errors.push(blank ?? `'${label}' cannot be blank`);
      return '';
    }
    if (typeof value !== 'string') {
      this.errors.push(`'${label}' must be a string`);
      return '';
    }
    this.problem(identifierProblem(label, value));
    return value;
  }

  /** An optional free text: absent and null are null. */
  optional(key: string): string | null {
    const value = this.body[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') {
      this.errors.push(`'${key}' must be a string`);
      return null;
    }
    this.problem(textProblem(key, value));
    return value;
  }

  /** A required integer: `missing` when absent or null (and when 0, for Traffic Ops' non-nullable ints). */
  integer(key: string, missing: string, zeroIsMissing: boolean): number {
    const value = this.body[key];
    if (value === undefined || value === null || (zeroIsMissing && value === 0)) {
      this.errors.push(missing);
      return 0;
    }
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      this.errors.push(`'${key}' must be an integer`);
      return 0;
    }
    return value;
  }

  /** A number within ±`bound`, 0 when absent (the column's default). */
  bounded(key: string, bound: number): number {
    const value = this.body[key];
    if (value === undefined || value === null) return 0;
    if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > bound) {
      this.errors.push(`'${key}' Must be a floating point number within the range +-${bound}`);
      return 0;
    }
    return value;
  }

  problem(text: string | null): void {
    if (text) this.errors.push(text);
  }

  done<F>(fields: F): Checked<F> {
    return this.errors.length > 0 ? { ok: false, errors: this.errors } : { ok: true, fields };
  }
}

const asBody = (body: unknown): Body =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : {};

export function checkDivision(body: unknown): Checked<DivisionFields> {
  const r = new Reader(asBody(body));
  return r.done({ name: r.required('name') });
}

export function checkRegion(body: unknown): Checked<RegionFields> {
  const r = new Reader(asBody(body));
  const name = r.required('name', 'name', "region 'name' is required");
  const division = r.integer('division', "region 'division' is required", true);
  return r.done({ name, division });
}

export function checkPhysLocation(body: unknown): Checked<PhysLocationFields> {
  const r = new Reader(asBody(body));
  const fields: PhysLocationFields = {
    address: r.required('address'),
    city: r.required('city'),
    comments: r.optional('comments'),
    email: r.optional('email'),
    name: r.required('name'),
    phone: r.optional('phone'),
    poc: r.optional('poc'),
    regionId: r.integer('regionId', "'regionId' cannot be blank", true),
    shortName: r.required('shortName'),
    state: r.required('state'),
    zip: r.required('zip'),
  };
  return r.done(fields);
}

const COORDINATE_NAME = /^[A-Za-z0-9._-]+$/;

export function checkCoordinate(body: unknown): Checked<CoordinateFields> {
  const r = new Reader(asBody(body));
  const name = r.required('name');
  if (name && !COORDINATE_NAME.test(name)) {
    r.problem("'name' invalid characters found - Use alphanumeric . or - or _ .");
  }
  return r.done({ name, latitude: r.bounded('latitude', 90), longitude: r.bounded('longitude', 180) });
}

export function checkType(body: unknown): Checked<TypeFields> {
  const r = new Reader(asBody(body));
  const name = r.required('name');
  const description = r.required('description');
  const useInTable = r.required('useInTable', 'use_in_table');
  return r.done({ name, description, useInTable });
}

export function checkStatus(body: unknown): Checked<StatusFields> {
  const r = new Reader(asBody(body));
  return r.done({ name: r.required('name'), description: r.optional('description') });
}

export function checkAsn(body: unknown): Checked<AsnFields> {
  const r = new Reader(asBody(body));
  const asn = r.integer('asn', "'asn' is required", false);
  const cachegroupId = r.integer('cachegroupId', "'cachegroupId' is required", false);
  if (asn < 0) r.problem("'asn' must be no less than 0");
  if (cachegroupId < 0) r.problem("'cachegroupId' must be no less than 0");
  return r.done({ asn, cachegroupId });
}
