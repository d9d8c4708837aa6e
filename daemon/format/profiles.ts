import type {
  GoProfileParameter,
  GoProfileRecord,
  ProfileParameterRecord,
  ProfileRecord,
  TrimmedProfileRecord,
} from '../../shared/contract/profiles.js';
import { formatTimestamp, formatTimestampTz } from '../../shared/time.js';
import { seedShape, type ApiVersion } from '../versions.js';
import type { Parameter } from '../store/parameters.js';
import type { Profile } from '../store/profiles.js';

/**
 * The profile record. At 1.1 (the seed's version) the seed's `id` (a digit string), `name`, `description`,
 * `lastUpdated` (`YYYY-MM-DD hh:mm:ss`), plus the keys Traffic Ops also answered (`cdnName`, `cdn`,
 * `routingDisabled`, `type`); at every other version the Go server's ProfileNullable, with `params` when the
 * caller passes them (a request by id).
 */
export function profileRecord(
  p: Profile,
  version: ApiVersion,
  params?: GoProfileParameter[],
): ProfileRecord | GoProfileRecord {
  if (!seedShape('profile', version)) {
    const record: GoProfileRecord = {
      id: p.id,
      lastUpdated: formatTimestampTz(p.lastUpdated),
      name: p.name,
      description: p.description,
      cdnName: p.cdnName,
      cdn: p.cdnId,
      routingDisabled: p.routingDisabled,
      type: p.type,
    };
    return params && params.length > 0 ? { ...record, params } : record;
  }
  return {
    id: String(p.id),
    lastUpdated: formatTimestamp(p.lastUpdated),
    name: p.name,
    description: p.description,
    cdnName: p.cdnName,
    cdn: p.cdnId,
    routingDisabled: p.routingDisabled,
    type: p.type,
  };
}

/** The trimmed form of GET profiles/trimmed. */
export const trimmedProfileRecord = (p: Profile): TrimmedProfileRecord => ({ name: p.name });

/** What a secure parameter's value reads as for anyone but an admin (as Traffic Ops masked it). */
export const MASKED_VALUE = '********';

/**
 * A parameter of GET profiles/:id/parameters and profiles/name/:name/parameters, as Traffic Ops sent it at every
 * 1.x version (outside the seed): `id` a number, `lastUpdated` `YYYY-MM-DD hh:mm:ss+00`; a secure value is masked
 * unless `reveal`.
 */
export function profileParameterRecord(p: Parameter, reveal: boolean): ProfileParameterRecord {
  return {
    configFile: p.configFile,
    id: p.id,
    lastUpdated: formatTimestampTz(p.lastUpdated),
    name: p.name,
    secure: p.secure,
    value: p.secure && !reveal ? MASKED_VALUE : p.value,
  };
}

/** A parameter inside a 1.4/1.5 profile's `params`; a secure value is masked unless `reveal`. */
export function goProfileParameter(p: Parameter, reveal: boolean): GoProfileParameter {
  return {
    configFile: p.configFile,
    id: p.id,
    lastUpdated: null,
    name: p.name,
    profiles: null,
    secure: p.secure,
    value: p.secure && !reveal ? MASKED_VALUE : p.value,
  };
}
