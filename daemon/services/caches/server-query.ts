import { badRequest } from '../errors.js';
import { toInteger } from '../params.js';
import type { ServerFilters } from '../../store/servers.js';

/** How each GET servers filter reads its value. */
const FILTERS: Readonly<Record<keyof ServerFilters, 'integer' | 'string'>> = {
  id: 'integer',
  hostName: 'string',
  cachegroup: 'integer',
  parentCachegroup: 'integer',
  cdn: 'integer',
  profileId: 'integer',
  status: 'string',
  type: 'string',
  dsId: 'integer',
  physLocation: 'integer',
};

export const SERVER_QUERY_KEYS = Object.keys(FILTERS) as Array<keyof ServerFilters>;

/** Reads GET servers' filters; a bad integer → 400 `<key> cannot parse to integer` (all reported together). */
export function parseServerQuery(query: Partial<Record<keyof ServerFilters, string>>): ServerFilters {
  const filters: ServerFilters = {};
  const errors: string[] = [];
  for (const key of SERVER_QUERY_KEYS) {
    const text = query[key];
    if (text === undefined) continue;
    if (FILTERS[key] === 'string') {
      (filters as Record<string, string>)[key] = text;
      continue;
    }
    const n = toInteger(text);
    if (n === null) errors.push(`${key} cannot parse to integer`);
    else (filters as Record<string, number>)[key] = n;
  }
  if (errors.length > 0) throw badRequest(errors.join(', '));
  return filters;
}
