import { formatTimestamp } from '../../src/time.js';
import type { Profile } from '../store/profiles.js';

/**
 * The profile record: the seed's `id` (a digit string), `name`, `description`, `lastUpdated`
 * (`YYYY-MM-DD hh:mm:ss`), plus the keys Traffic Ops also answered (`cdnName`, `cdn`, `routingDisabled`, `type`).
 */
export function profileRecord(p: Profile) {
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
export const trimmedProfileRecord = (p: Profile) => ({ name: p.name });

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
