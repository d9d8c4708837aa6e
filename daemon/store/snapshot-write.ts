import { SECTIONS, type ImportSummary } from './snapshot-types.js';
import { USER_COLUMNS } from './user-rows.js';

export const CACHEGROUP_COLUMNS = [
  'name',
  'short_name',
  'type_id',
  'coordinate_id',
  'parent_cachegroup_id',
  'secondary_parent_cachegroup_id',
  'fallback_to_closest',
];

// A snapshot writes every user column but the password (set apart, only when it changes), the registration
// state, and the time (the upsert stamps it).
export const SNAPSHOT_USER_COLUMNS = USER_COLUMNS.filter(
  (c) => c !== 'local_passwd' && c !== 'registration_sent' && c !== 'last_updated',
);

/** The change-log message of an import (both stores). */
export function importMessage(summary: ImportSummary): string {
  const counts = SECTIONS.map((s) => `${s} ${summary[s].created} created, ${summary[s].updated} updated`).join('; ');
  return `SNAPSHOT: ACTION: Imported snapshot (${counts})`;
}

/** A summary with every count at zero. */
export const emptySummary = (): ImportSummary =>
  Object.fromEntries(SECTIONS.map((s) => [s, { created: 0, updated: 0, unchanged: 0 }])) as ImportSummary;
