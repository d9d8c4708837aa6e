import type { Db } from './db.js';

/** Profile parameters, read by name and config file. */
export interface ParameterStore {
  /** The value of a parameter on a named profile, or null. */
  profileValue(profileName: string, name: string, configFile: string): Promise<string | null>;
}

export function sqliteParameters(db: Db): ParameterStore {
  const value = db.prepare<[string, string, string], { value: string }>(
    `SELECT p.value FROM parameters p
       JOIN profile_parameters pp ON pp.parameter_id = p.id
       JOIN profiles pr ON pr.id = pp.profile_id
      WHERE pr.name = ? AND p.name = ? AND p.config_file = ?
      ORDER BY p.id DESC LIMIT 1`,
  );
  return {
    async profileValue(profileName, name, configFile) {
      return value.get(profileName, name, configFile)?.value ?? null;
    },
  };
}
