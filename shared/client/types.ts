import type { AlertRecord } from '../contract/schema.js';

/** The API versions the client accepts, oldest first (the daemon serves them all). */
export const API_VERSIONS = ['1.1', '1.2', '1.3', '1.4', '1.5'] as const;
/**
 * The newest version whose record shapes cdnctl's commands read: from 1.4 the daemon answers Traffic Ops' Go shapes
 * (numbers where the seed has strings), which the commands do not parse. A newer version asked for is accepted and
 * spoken as this one, which serves the same data.
 */
export const NEWEST_READ_VERSION = '1.3' as const;
/** One of the API versions, e.g. '1.3'. */
export type ApiVersion = (typeof API_VERSIONS)[number];

/** True when `version` is `min` or newer. */
export function versionAtLeast(version: ApiVersion, min: ApiVersion): boolean {
  return API_VERSIONS.indexOf(version) >= API_VERSIONS.indexOf(min);
}

/**
 * The version to read a seed-shaped record at: `version` itself when the seed fixes the record there (`seeded`,
 * oldest first), else the newest of `seeded` (the daemon answers Traffic Ops' own types beyond the seed's
 * versions, BEHAVIOR.md "Shapes at the versions the seed does not fix", which the commands do not parse).
 */
export function seedVersion(version: ApiVersion, seeded: readonly ApiVersion[]): ApiVersion {
  return seeded.includes(version) ? version : seeded[seeded.length - 1];
}

/** The older of two versions. */
export function olderVersion(a: ApiVersion, b: ApiVersion): ApiVersion {
  return versionAtLeast(a, b) ? b : a;
}

/** True when the text names a version the client speaks. */
export function isApiVersion(text: string): text is ApiVersion {
  return (API_VERSIONS as readonly string[]).includes(text);
}

/** One message of an answer's `alerts`. */
export type Alert = AlertRecord;

/** Every answer of the API: `alerts`, `response`, or both. */
export interface Envelope<T> {
  alerts?: Alert[];
  response?: T;
  version?: string;
}

/** An answer as the client hands it back: the parsed envelope and the session cookie the server set, if any. */
export interface ApiResult<T> {
  body: Envelope<T>;
  alerts: Alert[];
  response: T;
  setCookie: string[];
}
