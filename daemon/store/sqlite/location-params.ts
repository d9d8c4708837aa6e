import type { Db } from './db.js';
import { LOCATION_SQL, type LocationParams } from '../cachegroups.js';

/**
 * LocationParams on SQLite, inside the caller's transaction (cache-group assignment and the delivery-service
 * writes): a file with a value gets its parameter linked to its profiles, a file without one loses it.
 */
export function setLocations(db: Db, locations: LocationParams, now: number): void {
  const unlink = db.prepare<[string]>(LOCATION_SQL.unlink);
  const drop = db.prepare<[string]>(LOCATION_SQL.drop);
  const ensure = db.prepare<[string, string, number], number>(LOCATION_SQL.ensure).pluck();
  const link = db.prepare<[number, number, number]>(LOCATION_SQL.link);
  for (const { configFile, value, profileIds } of locations.files) {
    if (value === null) {
      unlink.run(configFile);
      drop.run(configFile);
      continue;
    }
    const id = ensure.get(configFile, value, now)!;
    for (const profile of profileIds ?? locations.profileIds) link.run(profile, id, now);
  }
}
