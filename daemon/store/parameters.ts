/** A parameter as a profile holds it. */
export interface Parameter {
  id: number;
  name: string;
  configFile: string;
  value: string;
  secure: boolean;
  lastUpdated: number;
}

import type { ParameterAdminStore } from './profile-admin.js';

/** Profile parameters, read by name and config file; and the reads and writes of issue 31. */
export interface ParameterStore extends ParameterAdminStore {
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
