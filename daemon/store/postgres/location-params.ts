import { LOCATION_SQL, type LocationParams } from '../cachegroups.js';
import type { PgClient } from './pool.js';
import { statement } from './statement.js';

const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
const location = {
  unlink: statement<[string]>('cg_location_unlink', numbered(LOCATION_SQL.unlink)),
  drop: statement<[string]>('cg_location_drop', numbered(LOCATION_SQL.drop)),
  ensure: statement<[string, string, number], { id: number }>('cg_location_ensure', numbered(LOCATION_SQL.ensure)),
  link: statement<[number, number, number]>('cg_location_link', numbered(LOCATION_SQL.link)),
};

/**
 * LocationParams on PostgreSQL, inside the caller's transaction (cache-group assignment and the delivery-service
 * writes): a file with a value gets its parameter linked to its profiles, a file without one loses it.
 */
export async function setLocations(client: PgClient, locations: LocationParams, now: number): Promise<void> {
  for (const { configFile, value, profileIds } of locations.files) {
    if (value === null) {
      await location.unlink.run(client, configFile);
      await location.drop.run(client, configFile);
      continue;
    }
    const { id } = (await location.ensure.get(client, configFile, value, now))!;
    for (const profile of profileIds ?? locations.profileIds) await location.link.run(client, profile, id, now);
  }
}
