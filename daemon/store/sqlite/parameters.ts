import { parameterAdmin } from '../profile-admin.js';
import { sqliteWorkRunner } from './sql-work.js';
import type { Db } from './db.js';
import { type ParameterRow, type ParameterStore, toParameter } from '../parameters.js';

export function sqliteParameters(db: Db): ParameterStore {
  const value = db.prepare<[string, string, string], { value: string }>(
    `SELECT p.value FROM parameters p
       JOIN profile_parameters pp ON pp.parameter_id = p.id
       JOIN profiles pr ON pr.id = pp.profile_id
      WHERE pr.name = ? AND p.name = ? AND p.config_file = ?
      ORDER BY p.id DESC LIMIT 1`,
  );
  const profileExists = db.prepare<[string], { id: number }>('SELECT id FROM profiles WHERE name = ?');
  const ofProfile = db.prepare<[number], ParameterRow>(
    `SELECT p.id, p.name, p.config_file, p.value, p.secure, p.last_updated FROM parameters p
       JOIN profile_parameters pp ON pp.parameter_id = p.id
      WHERE pp.profile_id = ?
      ORDER BY p.name, p.config_file, p.id`,
  );
  return {
    ...parameterAdmin(sqliteWorkRunner(db)),
    async profileValue(profileName, name, configFile) {
      return value.get(profileName, name, configFile)?.value ?? null;
    },
    async ofProfile(profileName) {
      const profile = profileExists.get(profileName);
      if (!profile) return null;
      return ofProfile.all(profile.id).map(toParameter);
    },
  };
}
