import { formatTimestampTz } from '../../shared/time.js';

/**
 * A record of the topology's small tables as the API answers it (shared/contract/places.ts): the stored record
 * with `lastUpdated` in Traffic Ops' `YYYY-MM-DD hh:mm:ss+00`. Its keys are the schema's; the schema orders them.
 */
export function placeRecord<R>(record: R): Omit<R, 'lastUpdated'> & { lastUpdated: string } {
  const r = record as R & { lastUpdated: number };
  return { ...r, lastUpdated: formatTimestampTz(r.lastUpdated) };
}
