import type { Db } from './sqlite/db.js';

/** A parameter as a profile holds it. */
export interface Parameter {
  id: number;
  name: string;
  configFile: string;
  value: string;
  secure: boolean;
  lastUpdated: number;
}

/** Profile parameters, read by name and config file. */
export interface ParameterStore {
  /** The value of a parameter on a named profile, or null. */
  profileValue(profileName: string, name: string, configFile: string): Promise<string | null>;
  /** The parameters of a named profile ordered by name, config file and id; null when there is no such profile. */
  ofProfile(profileName: string): Promise<Parameter[] | null>;
}

export interface ParameterRow {
  id: number;
  name: string;
  config_file: string;
  value: string;
  secure: number;
  last_updated: number;
}

export const toParameter = (r: ParameterRow): Parameter => ({
  id: r.id,
  name: r.name,
  configFile: r.config_file,
  value: r.value,
  secure: r.secure === 1,
  lastUpdated: r.last_updated,
});

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
