import { raiseUpdSet } from './server-flags.js';
import { all, one, placeholders, run, type Work } from './sql-work.js';

/*
 * The profile and parameter writes of issue 31, written once for both stores (daemon/store/sql-work.ts). Every
 * write that changes which parameters a profile holds, or a held parameter's name, file or value, queues updates
 * on the caches (EDGE and MID servers) whose profile holds it, in the same transaction, and answers their names.
 */

/** The writable columns of a profile. */
export interface ProfileFields {
  name: string;
  description: string;
  cdnId: number;
  type: string;
  routingDisabled: boolean;
}

/** The writable columns of a parameter. */
export interface ParameterFields {
  name: string;
  configFile: string;
  value: string;
  secure: boolean;
}

/** A parameter's identity (name, config file, value): unique among parameters. */
export type ParameterKey = Pick<ParameterFields, 'name' | 'configFile' | 'value'>;

/** The caches a write queued updates on (those whose flag it raised) and their CDNs. */
export interface Queued {
  hostNames: string[];
  cdnIds: number[];
}

export const NOTHING_QUEUED: Queued = { hostNames: [], cdnIds: [] };

/** What still uses a profile: a delete is refused while one does. */
export type ProfileUse = 'server' | 'deliveryservice' | 'origin';

const CACHE_TYPES = `SELECT id FROM types WHERE use_in_table = 'server' AND (name LIKE 'EDGE%' OR name LIKE 'MID%')`;

/** Raises upd_pending on the caches of the given profiles; answers those whose flag it raised. */
export function* queueProfiles(profileIds: readonly number[], now: number): Work<Queued> {
  const ids = [...new Set(profileIds)];
  if (ids.length === 0) return NOTHING_QUEUED;
  const caches = `profile_id IN (${placeholders(2, ids.length)}) AND type_id IN (${CACHE_TYPES})`;
  // The caches already pending are raised again: only the time of the last raise moves (issues 32/33).
  yield* run(`UPDATE servers SET upd_raised_at = $1 WHERE upd_pending = 1 AND ${caches}`, now, ...ids);
  const rows = yield* all<{ host_name: string; cdn_id: number }>(
    `UPDATE servers SET ${raiseUpdSet('$1')} WHERE upd_pending = 0 AND ${caches} RETURNING host_name, cdn_id`,
    now,
    ...ids,
  );
  const hostNames = rows.map((r) => r.host_name).sort();
  return { hostNames, cdnIds: [...new Set(rows.map((r) => r.cdn_id))] };
}

/** The ids of the profiles holding a parameter. */
export function* profilesHolding(parameterId: number): Work<number[]> {
  const rows = yield* all<{ profile_id: number }>(
    'SELECT profile_id FROM profile_parameters WHERE parameter_id = $1 ORDER BY profile_id',
    parameterId,
  );
  return rows.map((r) => r.profile_id);
}

/** Inserts a profile; null when another profile has the name. */
export function* createProfile(f: ProfileFields, now: number): Work<number | null> {
  if (yield* one('SELECT id FROM profiles WHERE name = $1', f.name)) return null;
  const row = yield* one<{ id: number }>(
    `INSERT INTO profiles (name, description, type, cdn_id, routing_disabled, last_updated)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name) DO NOTHING RETURNING id`,
    f.name,
    f.description,
    f.type,
    f.cdnId,
    f.routingDisabled,
    now,
  );
  return row?.id ?? null;
}

/** Replaces a profile's columns: `missing` when there is no such profile, `taken` when another has the name. */
export function* updateProfile(id: number, f: ProfileFields, now: number): Work<'ok' | 'missing' | 'taken'> {
  const owner = yield* one<{ id: number }>('SELECT id FROM profiles WHERE name = $1', f.name);
  if (owner && owner.id !== id) return 'taken';
  const changed = yield* run(
    `UPDATE profiles SET name = $1, description = $2, type = $3, cdn_id = $4, routing_disabled = $5,
            last_updated = $6 WHERE id = $7`,
    f.name,
    f.description,
    f.type,
    f.cdnId,
    f.routingDisabled,
    now,
    id,
  );
  return changed > 0 ? 'ok' : 'missing';
}

/** Deletes a profile no server, delivery service or origin uses; its parameter links go with it. */
export function* deleteProfile(id: number): Work<'deleted' | 'missing' | ProfileUse> {
  const users: Array<[ProfileUse, string]> = [
    ['server', 'servers'],
    ['deliveryservice', 'deliveryservices'],
    ['origin', 'origins'],
  ];
  for (const [use, table] of users) {
    if (yield* one(`SELECT id FROM ${table} WHERE profile_id = $1 LIMIT 1`, id)) return use;
  }
  return (yield* run('DELETE FROM profiles WHERE id = $1', id)) > 0 ? 'deleted' : 'missing';
}

/** Links parameters to a profile (existing links stay); answers how many links are new. */
export function* linkParameters(profileId: number, parameterIds: readonly number[], now: number): Work<number> {
  let added = 0;
  for (const parameterId of new Set(parameterIds)) {
    added += yield* run(
      `INSERT INTO profile_parameters (profile_id, parameter_id, last_updated) VALUES ($1, $2, $3)
       ON CONFLICT (profile_id, parameter_id) DO NOTHING`,
      profileId,
      parameterId,
      now,
    );
  }
  return added;
}

/** The copy of a profile: its id and the source's. */
export interface ProfileCopy {
  id: number;
  sourceId: number;
  description: string;
}

/** Copies profile `existing` (columns and parameter links) under `name`. */
export function* copyProfile(name: string, existing: string, now: number): Work<ProfileCopy | 'exists' | 'missing'> {
  if (yield* one('SELECT id FROM profiles WHERE name = $1', name)) return 'exists';
  const source = yield* one<{
    id: number;
    description: string;
    type: string;
    cdn_id: number;
    routing_disabled: number;
  }>('SELECT id, description, type, cdn_id, routing_disabled FROM profiles WHERE name = $1', existing);
  if (!source) return 'missing';
  const fields = {
    name,
    description: source.description,
    type: source.type,
    cdnId: source.cdn_id,
    routingDisabled: source.routing_disabled === 1,
  };
  const id = yield* createProfile(fields, now);
  if (id === null) return 'exists';
  yield* run(
    `INSERT INTO profile_parameters (profile_id, parameter_id, last_updated)
     SELECT $1, parameter_id, $2 FROM profile_parameters WHERE profile_id = $3`,
    id,
    now,
    source.id,
  );
  return { id, sourceId: source.id, description: source.description };
}

/** The id of the parameter (name, config file, value), inserting it (not secure) when there is none. */
export function* parameterIdFor(
  key: ParameterKey,
  secure: boolean,
  now: number,
): Work<{ id: number; created: boolean }> {
  const found = yield* one<{ id: number }>(
    'SELECT id FROM parameters WHERE name = $1 AND config_file = $2 AND value = $3',
    key.name,
    key.configFile,
    key.value,
  );
  if (found) return { id: found.id, created: false };
  const row = yield* one<{ id: number }>(
    `INSERT INTO parameters (name, config_file, value, secure, last_updated) VALUES ($1, $2, $3, $4, $5)
     RETURNING id`,
    key.name,
    key.configFile,
    key.value,
    secure,
    now,
  );
  return { id: (row as { id: number }).id, created: true };
}

/** An imported profile: its id and how many of its parameters were new and how many existed. */
export interface ProfileImport {
  id: number;
  created: number;
  existing: number;
}

/** Imports a profile with its parameters (each linked if it exists, else created); null when the name is taken. */
export function* importProfile(
  f: ProfileFields,
  params: readonly ParameterKey[],
  now: number,
): Work<ProfileImport | null> {
  const id = yield* createProfile(f, now);
  if (id === null) return null;
  let created = 0;
  const ids: number[] = [];
  for (const key of params) {
    const param = yield* parameterIdFor(key, false, now);
    if (param.created) created++;
    ids.push(param.id);
  }
  yield* linkParameters(id, ids, now);
  return { id, created, existing: params.length - created };
}
