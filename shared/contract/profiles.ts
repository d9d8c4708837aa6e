// The profile records of the API, shared by the daemon (its response schemas) and the CLI client (the types).
import { bool, int, list, nullableInt, nullableText, record, text, type FromSchema } from './schema.js';

/**
 * A profile: the seed's `id` (a digit string), `name`, `description`, `lastUpdated` (`YYYY-MM-DD hh:mm:ss`), plus
 * the keys Traffic Ops also answered (`cdnName`, `cdn`, `routingDisabled`, `type`).
 */
export const profileSchema = record({
  id: text,
  lastUpdated: text,
  name: text,
  description: text,
  cdnName: text,
  cdn: int,
  routingDisabled: bool,
  type: text,
});
export type ProfileRecord = FromSchema<typeof profileSchema>;

/** A profile of GET profiles/trimmed: its name only. */
export const trimmedProfileSchema = record({ name: text });
export type TrimmedProfileRecord = FromSchema<typeof trimmedProfileSchema>;

/**
 * A profile parameter (GET profiles/name/:name/parameters) as Traffic Ops sent it at every 1.x version: `id` a
 * number; a secure value reads `********` unless admin.
 */
export const profileParameterSchema = record({
  configFile: text,
  id: int,
  lastUpdated: text,
  name: text,
  secure: bool,
  value: text,
});
export type ProfileParameterRecord = FromSchema<typeof profileParameterSchema>;

const alwaysNull = { type: 'null' } as const;

/** A parameter inside a 1.4/1.5 profile's `params` (ParameterNullable): `lastUpdated` and `profiles` always null. */
export const goProfileParameterSchema = record({
  configFile: text,
  id: int,
  lastUpdated: alwaysNull,
  name: text,
  profiles: alwaysNull,
  secure: bool,
  value: text,
});
export type GoProfileParameter = FromSchema<typeof goProfileParameterSchema>;

/**
 * A profile at 1.4/1.5 (ProfileNullable): `id` a number, `lastUpdated` `YYYY-MM-DD hh:mm:ss+00`; `params` only
 * when the request named an id and the profile has parameters.
 */
export const goProfileSchema = record(
  {
    id: int,
    lastUpdated: text,
    name: text,
    description: text,
    cdnName: nullableText,
    cdn: nullableInt,
    routingDisabled: bool,
    type: text,
    params: list(goProfileParameterSchema),
  },
  ['params'],
);
export type GoProfileRecord = FromSchema<typeof goProfileSchema>;
