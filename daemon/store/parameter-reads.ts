import { toParameter, type Parameter, type ParameterRow } from './parameters.js';
import { all, type Work } from './sql-work.js';

/* Reads of parameters and profile links (issue 31), for both stores (daemon/store/sql-work.ts). */

/** A parameter with the names of the profiles holding it (ordered by profile id). */
export interface ParameterWithProfiles extends Parameter {
  profiles: string[];
}

/** The filters of GET parameters; an absent key does not filter. */
export interface ParameterFilters {
  id?: number;
  name?: string;
  configFile?: string;
  value?: string;
  secure?: boolean;
}

/** A profile ↔ parameter link as GET profileparameters answers it. */
export interface ProfileParameterLink {
  profileId: number;
  profile: string;
  parameterId: number;
  lastUpdated: number;
}

const COLUMNS: Record<keyof ParameterFilters, string> = {
  id: 'id',
  name: 'name',
  configFile: 'config_file',
  value: 'value',
  secure: 'secure',
};

const PARAMETER = 'SELECT id, name, config_file, value, secure, last_updated FROM parameters';

/** Parameters matching every filter, ordered by id, each with its profiles' names. */
export function* listParameters(filters: ParameterFilters): Work<ParameterWithProfiles[]> {
  const keys = (Object.keys(COLUMNS) as Array<keyof ParameterFilters>).filter((k) => filters[k] !== undefined);
  const where = keys.map((k, i) => `${COLUMNS[k]} = $${i + 1}`);
  const rows = yield* all<ParameterRow>(
    `${PARAMETER}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY id`,
    ...keys.map((k) => filters[k]),
  );
  const links = yield* all<{ parameter_id: number; name: string }>(
    `SELECT pp.parameter_id, pr.name FROM profile_parameters pp JOIN profiles pr ON pr.id = pp.profile_id
      ORDER BY pr.id`,
  );
  const names = new Map<number, string[]>();
  for (const l of links) names.set(l.parameter_id, [...(names.get(l.parameter_id) ?? []), l.name]);
  return rows.map((r) => ({ ...toParameter(r), profiles: names.get(r.id) ?? [] }));
}

/** The parameters a profile does not hold, ordered by id. */
export function* unassignedParameters(profileId: number): Work<Parameter[]> {
  const rows = yield* all<ParameterRow>(
    `${PARAMETER} WHERE id NOT IN (SELECT parameter_id FROM profile_parameters WHERE profile_id = $1) ORDER BY id`,
    profileId,
  );
  return rows.map(toParameter);
}

/** Links matching the filters, ordered by profile id then parameter id. */
export function* listLinks(filters: { profileId?: number; parameterId?: number }): Work<ProfileParameterLink[]> {
  const where: string[] = [];
  const params: number[] = [];
  if (filters.profileId !== undefined) {
    params.push(filters.profileId);
    where.push(`pp.profile_id = $${params.length}`);
  }
  if (filters.parameterId !== undefined) {
    params.push(filters.parameterId);
    where.push(`pp.parameter_id = $${params.length}`);
  }
  const rows = yield* all<{ profile_id: number; name: string; parameter_id: number; last_updated: number }>(
    `SELECT pp.profile_id, pr.name, pp.parameter_id, pp.last_updated
       FROM profile_parameters pp JOIN profiles pr ON pr.id = pp.profile_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY pp.profile_id, pp.parameter_id`,
    ...params,
  );
  return rows.map((r) => ({
    profileId: r.profile_id,
    profile: r.name,
    parameterId: r.parameter_id,
    lastUpdated: r.last_updated,
  }));
}
