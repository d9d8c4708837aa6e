/*
 * The records of the topology's small tables (issue 30) as Traffic Ops 1.x's Go server answered them, at every
 * version: divisions, regions, physical locations, coordinates, types, statuses, ASNs, and the misc reads clients
 * make (about, osversions, api_capabilities, system/info). `lastUpdated` is `YYYY-MM-DD hh:mm:ss+00`.
 */
import { int, nullableText, num, record, text, type FromSchema } from './schema.js';

export const divisionSchema = record({ id: int, lastUpdated: text, name: text });
export type DivisionRecord = FromSchema<typeof divisionSchema>;

export const regionSchema = record({ divisionName: text, division: int, id: int, lastUpdated: text, name: text });
export type RegionRecord = FromSchema<typeof regionSchema>;

/** GET regions/name/{name}: Traffic Ops' own shape, the division nested. */
export const regionByNameSchema = record({ id: int, name: text, division: record({ id: int, name: text }) });
export type RegionByNameRecord = FromSchema<typeof regionByNameSchema>;

export const physLocationSchema = record({
  address: text,
  city: text,
  comments: nullableText,
  email: nullableText,
  id: int,
  lastUpdated: text,
  name: text,
  phone: nullableText,
  poc: nullableText,
  regionId: int,
  region: text,
  shortName: text,
  state: text,
  zip: text,
});
export type PhysLocationRecord = FromSchema<typeof physLocationSchema>;

export const physLocationTrimmedSchema = record({ name: text });

export const coordinateSchema = record({ id: int, name: text, latitude: num, longitude: num, lastUpdated: text });
export type CoordinateRecord = FromSchema<typeof coordinateSchema>;

export const typeSchema = record({ id: int, lastUpdated: text, name: text, description: text, useInTable: text });
export type TypeRecord = FromSchema<typeof typeSchema>;

export const statusSchema = record({ description: nullableText, id: int, lastUpdated: text, name: text });
export type StatusRecord = FromSchema<typeof statusSchema>;

export const asnSchema = record({ asn: int, cachegroup: text, cachegroupId: int, id: int, lastUpdated: text });
export type AsnRecord = FromSchema<typeof asnSchema>;

/** GET about: unwrapped; fields Traffic Ops left empty are absent, but `release` always answers (cdnctl fills name and versions). */
export const aboutSchema = record(
  {
    commitHash: text,
    commits: text,
    goVersion: text,
    release: text,
    name: text,
    RPMVersion: text,
    Version: text,
  },
  ['commitHash', 'commits', 'goVersion'],
);
export type AboutRecord = FromSchema<typeof aboutSchema>;

export const osVersionsSchema = { type: 'object', additionalProperties: text } as const;

export const apiCapabilitySchema = record({
  id: int,
  httpMethod: text,
  httpRoute: text,
  capability: text,
  lastUpdated: text,
});
export type ApiCapabilityRecord = FromSchema<typeof apiCapabilitySchema>;

export const systemInfoSchema = record({ parameters: { type: 'object', additionalProperties: text } as const });
export type SystemInfoRecord = FromSchema<typeof systemInfoSchema>;
