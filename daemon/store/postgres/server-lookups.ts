import type { ServerLookups } from '../servers.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

const status = statement<[number], { name: string }>('servers_status_name', 'SELECT name FROM statuses WHERE id = $1');
const locById = statement<[number], { id: number; name: string }>(
  'servers_phys_location_by_id',
  'SELECT id, name FROM phys_locations WHERE id = $1',
);
const locByName = statement<[string], { id: number; name: string }>(
  'servers_phys_location_by_name',
  'SELECT id, name FROM phys_locations WHERE name = $1',
);
const conflicts = statement<[string, number, number], { n: number }>(
  'servers_ip_conflicts',
  'SELECT count(*)::integer AS n FROM servers WHERE ip_address = $1 AND profile_id = $2 AND id <> $3',
);

/** The look-ups of a server write (issue 30), on PostgreSQL. */
export function pgServerLookups(pool: PgPool): ServerLookups {
  return {
    async statusName(id) {
      return (await status.get(pool, id))?.name ?? null;
    },
    async physLocation(ref) {
      return ('id' in ref ? await locById.get(pool, ref.id) : await locByName.get(pool, ref.name)) ?? null;
    },
    async ipConflicts(ipAddress, profileId, exceptId) {
      return (await conflicts.get(pool, ipAddress, profileId, exceptId))?.n ?? 0;
    },
  };
}
