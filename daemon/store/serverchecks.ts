/** A registered check extension (Traffic Ops' to_extension). */
export interface ToExtension {
  id: number;
  name: string;
  version: string;
  infoUrl: string;
  scriptFile: string;
  isActive: boolean;
  additionalConfigJson: string | null;
  description: string | null;
  servercheckShortName: string | null;
  type: string;
  lastUpdated: number;
}

export type NewToExtension = Omit<ToExtension, 'id' | 'lastUpdated' | 'type'> & { typeId: number };

/** One stored check value of one server. */
export interface CheckResult {
  serverId: number;
  shortName: string;
  value: number | null;
  lastUpdated: number;
}

/** Readiness-check results and the check extensions that name them. */
export interface ServerCheckStore {
  extensions(): Promise<ToExtension[]>;
  extensionByShortName(shortName: string): Promise<ToExtension | null>;
  /** The id, or null when the name or short name is taken (the answer says which). */
  insertExtension(
    ext: NewToExtension,
    now: number,
  ): Promise<{ id: number } | { taken: 'name' | 'servercheck_short_name' }>;
  /** False when no such extension exists. */
  deleteExtension(id: number): Promise<boolean>;
  /** Stores one value per (server, short name), replacing the previous one. */
  record(results: Array<Omit<CheckResult, 'lastUpdated'>>, now: number): Promise<void>;
  /** Every stored value, by server. */
  results(): Promise<Map<number, CheckResult[]>>;
}

export interface ExtensionRow {
  id: number;
  name: string;
  version: string;
  info_url: string;
  script_file: string;
  isactive: number;
  additional_config_json: string | null;
  description: string | null;
  servercheck_short_name: string | null;
  type_name: string;
  last_updated: number;
}

export const toExtension = (r: ExtensionRow): ToExtension => ({
  id: r.id,
  name: r.name,
  version: r.version,
  infoUrl: r.info_url,
  scriptFile: r.script_file,
  isActive: r.isactive === 1,
  additionalConfigJson: r.additional_config_json,
  description: r.description,
  servercheckShortName: r.servercheck_short_name,
  type: r.type_name,
  lastUpdated: r.last_updated,
});

export const EXT_SELECT = 'SELECT e.*, t.name AS type_name FROM to_extensions e JOIN types t ON t.id = e.type_id';
