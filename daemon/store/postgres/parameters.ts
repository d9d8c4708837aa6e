import { parameterAdmin } from '../profile-admin.js';
import { pgWorkRunner } from './sql-work.js';
import { toParameter, type ParameterRow, type ParameterStore } from '../parameters.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

const value = statement<[string, string, string], { value: string }>(
  'parameters_profile_value',
  `SELECT p.value FROM parameters p
     JOIN profile_parameters pp ON pp.parameter_id = p.id
     JOIN profiles pr ON pr.id = pp.profile_id
    WHERE pr.name = $1 AND p.name = $2 AND p.config_file = $3
    ORDER BY p.id DESC LIMIT 1`,
);
const profileExists = statement<[string], { id: number }>(
  'parameters_profile_exists',
  'SELECT id FROM profiles WHERE name = $1',
);
// Names and config files in SQLite's binary order, whatever the database's collation.
const ofProfile = statement<[number], ParameterRow>(
  'parameters_of_profile',
  `SELECT p.id, p.name, p.config_file, p.value, p.secure, p.last_updated FROM parameters p
     JOIN profile_parameters pp ON pp.parameter_id = p.id
    WHERE pp.profile_id = $1
    ORDER BY p.name COLLATE "C", p.config_file COLLATE "C", p.id`,
);

/** Profile parameters on PostgreSQL: the same answers as sqliteParameters. */
export function pgParameters(pool: PgPool): ParameterStore {
  return {
    ...parameterAdmin(pgWorkRunner(pool)),
    async profileValue(profileName, name, configFile) {
      return (await value.get(pool, profileName, name, configFile))?.value ?? null;
    },
    async ofProfile(profileName) {
      const profile = await profileExists.get(pool, profileName);
      if (!profile) return null;
      return (await ofProfile.all(pool, profile.id)).map(toParameter);
    },
  };
}
