import type { ProfileParameterRecord, ProfileRecord, TrimmedProfileRecord } from '../../src/contract/profiles.js';
import { formatTimestamp } from '../../src/time.js';
import type { Parameter } from '../store/parameters.js';
import type { Profile } from '../store/profiles.js';

/**
 * The profile record: the seed's `id` (a digit string), `name`, `description`, `lastUpdated`
 * (`YYYY-MM-DD hh:mm:ss`), plus the keys Traffic Ops also answered (`cdnName`, `cdn`, `routingDisabled`, `type`).
 */
export function profileRecord(p: Profile): ProfileRecord {
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

/** The serialization schema of one profile record. */
export const profileRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    lastUpdated: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    cdnName: { type: 'string' },
    cdn: { type: 'integer' },
    routingDisabled: { type: 'boolean' },
    type: { type: 'string' },
  },
  required: ['id', 'lastUpdated', 'name', 'description'],
} as const;

/** What a secure parameter's value reads as for anyone but an admin (as Traffic Ops masked it). */
export const MASKED_VALUE = '********';

/** A parameter of GET profiles/name/:name/parameters; a secure value is masked unless `reveal`. */
export function profileParameterRecord(p: Parameter, reveal: boolean): ProfileParameterRecord {
  return {
    id: String(p.id),
    name: p.name,
    configFile: p.configFile,
    value: p.secure && !reveal ? MASKED_VALUE : p.value,
    secure: p.secure,
    lastUpdated: formatTimestamp(p.lastUpdated),
  };
}
