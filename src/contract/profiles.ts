// The profile records of the API, shared by the daemon's formatter and the CLI client.

/**
 * A profile: the seed's `id` (a digit string), `name`, `description`, `lastUpdated` (`YYYY-MM-DD hh:mm:ss`), plus
 * the keys Traffic Ops also answered (`cdnName`, `cdn`, `routingDisabled`, `type`).
 */
export interface ProfileRecord {
  id: string;
  lastUpdated: string;
  name: string;
  description: string;
  cdnName: string;
  cdn: number;
  routingDisabled: boolean;
  type: string;
}

/** A profile of GET profiles/trimmed: its name only. */
export interface TrimmedProfileRecord {
  name: string;
}

/** A profile parameter (GET profiles/name/:name/parameters); a secure value reads `********` unless admin. */
export interface ProfileParameterRecord {
  id: string;
  name: string;
  configFile: string;
  value: string;
  secure: boolean;
  lastUpdated: string;
}

/** A parameter inside a 1.4/1.5 profile's `params` (ParameterNullable): `lastUpdated` and `profiles` always null. */
export interface GoProfileParameter {
  configFile: string;
  id: number;
  lastUpdated: null;
  name: string;
  profiles: null;
  secure: boolean;
  value: string;
}

/**
 * A profile at 1.4/1.5 (ProfileNullable): `id` a number, `lastUpdated` `YYYY-MM-DD hh:mm:ss+00`; `params` only
 * when the request named an id and the profile has parameters.
 */
export interface GoProfileRecord {
  id: number;
  lastUpdated: string;
  name: string;
  description: string;
  cdnName: string | null;
  cdn: number | null;
  routingDisabled: boolean;
  type: string;
  params?: GoProfileParameter[];
}
