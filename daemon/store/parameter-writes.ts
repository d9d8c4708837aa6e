import {
  linkParameters,
  NOTHING_QUEUED,
  profilesHolding,
  queueProfiles,
  type ParameterFields,
  type ParameterKey,
  type Queued,
} from './profile-writes.js';
import { all, one, run, type Work } from './sql-work.js';

/* Parameter and link writes (issue 31), for both stores: see daemon/store/profile-writes.ts. */

/** A write's outcome with the caches it queued. */
export interface WithQueue<S> {
  status: S;
  queued: Queued;
}

const queuedOf = <S>(status: S, queued: Queued = NOTHING_QUEUED): WithQueue<S> => ({ status, queued });

/** The id of another parameter with this (name, config file, value), if any. */
function* duplicateOf(key: ParameterKey, except: number | null): Work<boolean> {
  const found = yield* one<{ id: number }>(
    'SELECT id FROM parameters WHERE name = $1 AND config_file = $2 AND value = $3',
    key.name,
    key.configFile,
    key.value,
  );
  return found !== undefined && found.id !== except;
}

/** Inserts parameters: their ids in order, or the first one that already exists (nothing is inserted then). */
export function* createParameters(
  list: readonly ParameterFields[],
  now: number,
): Work<{ ids: number[] } | { duplicate: ParameterKey }> {
  for (const f of list) if (yield* duplicateOf(f, null)) return { duplicate: f };
  const ids: number[] = [];
  for (const f of list) {
    const row = yield* one<{ id: number }>(
      `INSERT INTO parameters (name, config_file, value, secure, last_updated) VALUES ($1, $2, $3, $4, $5)
       RETURNING id`,
      f.name,
      f.configFile,
      f.value,
      f.secure,
      now,
    );
    ids.push((row as { id: number }).id);
  }
  return { ids };
}

/** Replaces a parameter's columns; a change of name, file or value queues the caches whose profile holds it. */
export function* updateParameter(
  id: number,
  f: ParameterFields,
  now: number,
): Work<WithQueue<'ok' | 'missing' | 'duplicate'>> {
  const old = yield* one<{ name: string; config_file: string; value: string }>(
    'SELECT name, config_file, value FROM parameters WHERE id = $1',
    id,
  );
  if (!old) return queuedOf('missing');
  if (yield* duplicateOf(f, id)) return queuedOf('duplicate');
  yield* run(
    'UPDATE parameters SET name = $1, config_file = $2, value = $3, secure = $4, last_updated = $5 WHERE id = $6',
    f.name,
    f.configFile,
    f.value,
    f.secure,
    now,
    id,
  );
  const same = old.name === f.name && old.config_file === f.configFile && old.value === f.value;
  return queuedOf('ok', same ? NOTHING_QUEUED : yield* queueProfiles(yield* profilesHolding(id), now));
}

/** Deletes a parameter no profile holds, with its cache-group links; `in-use` while a profile holds it. */
export function* deleteParameter(id: number): Work<'deleted' | 'missing' | 'in-use'> {
  if ((yield* profilesHolding(id)).length > 0) return 'in-use';
  yield* run('DELETE FROM cachegroup_parameters WHERE parameter_id = $1', id);
  return (yield* run('DELETE FROM parameters WHERE id = $1', id)) > 0 ? 'deleted' : 'missing';
}

/** A profile ↔ parameter pair. */
export interface LinkPair {
  profileId: number;
  parameterId: number;
}

/** Links pairs; refused (nothing linked) when one already is. Queues the caches of the profiles given parameters. */
export function* linkPairs(
  pairs: readonly LinkPair[],
  now: number,
): Work<WithQueue<'ok'> | { status: 'duplicate'; pair: LinkPair }> {
  for (const pair of pairs) {
    const found = yield* one(
      'SELECT profile_id FROM profile_parameters WHERE profile_id = $1 AND parameter_id = $2',
      pair.profileId,
      pair.parameterId,
    );
    if (found) return { status: 'duplicate', pair };
  }
  for (const pair of pairs) yield* linkParameters(pair.profileId, [pair.parameterId], now);
  return queuedOf(
    'ok',
    yield* queueProfiles(
      pairs.map((p) => p.profileId),
      now,
    ),
  );
}

/** Removes a link; the caches of the profile are queued. */
export function* unlink(pair: LinkPair, now: number): Work<WithQueue<'deleted' | 'missing'>> {
  const removed = yield* run(
    'DELETE FROM profile_parameters WHERE profile_id = $1 AND parameter_id = $2',
    pair.profileId,
    pair.parameterId,
  );
  if (removed === 0) return queuedOf('missing');
  return queuedOf('deleted', yield* queueProfiles([pair.profileId], now));
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));

/** Links parameters to a profile, first removing its others with `replace`; queues its caches if its set changed. */
export function* assignParameters(
  profileId: number,
  parameterIds: readonly number[],
  replace: boolean,
  now: number,
): Work<WithQueue<'ok'>> {
  const held = (yield* all<{ parameter_id: number }>(
    'SELECT parameter_id FROM profile_parameters WHERE profile_id = $1',
    profileId,
  )).map((r) => r.parameter_id);
  if (replace) yield* run('DELETE FROM profile_parameters WHERE profile_id = $1', profileId);
  yield* linkParameters(profileId, parameterIds, now);
  const after = replace ? [...new Set(parameterIds)] : [...new Set([...held, ...parameterIds])];
  return queuedOf('ok', sameSet(held, after) ? NOTHING_QUEUED : yield* queueProfiles([profileId], now));
}

/** Links a parameter to profiles, first unlinking it from others with `replace`; queues the profiles that changed. */
export function* assignProfiles(
  parameterId: number,
  profileIds: readonly number[],
  replace: boolean,
  now: number,
): Work<WithQueue<'ok'>> {
  const held = yield* profilesHolding(parameterId);
  if (replace) yield* run('DELETE FROM profile_parameters WHERE parameter_id = $1', parameterId);
  for (const profileId of new Set(profileIds)) yield* linkParameters(profileId, [parameterId], now);
  const removed = replace ? held.filter((p) => !profileIds.includes(p)) : [];
  const added = profileIds.filter((p) => !held.includes(p));
  return queuedOf('ok', yield* queueProfiles([...removed, ...added], now));
}

/** A parameter posted to profiles/{id|name}/parameters, with its secure flag. */
export type PostedParameter = ParameterFields;

/**
 * Upserts parameters on (name, config file, value) and links them to a profile (an existing one keeps its own
 * secure flag); answers their ids in order, and queues the profile's caches when a link is new.
 */
export function* upsertOnProfile(
  profileId: number,
  list: readonly PostedParameter[],
  now: number,
): Work<WithQueue<number[]>> {
  const ids: number[] = [];
  for (const f of list) {
    const found = yield* one<{ id: number }>(
      'SELECT id FROM parameters WHERE name = $1 AND config_file = $2 AND value = $3',
      f.name,
      f.configFile,
      f.value,
    );
    if (found) ids.push(found.id);
    else {
      const row = yield* one<{ id: number }>(
        `INSERT INTO parameters (name, config_file, value, secure, last_updated) VALUES ($1, $2, $3, $4, $5)
         RETURNING id`,
        f.name,
        f.configFile,
        f.value,
        f.secure,
        now,
      );
      ids.push((row as { id: number }).id);
    }
  }
  const added = yield* linkParameters(profileId, ids, now);
  return queuedOf(ids, added > 0 ? yield* queueProfiles([profileId], now) : NOTHING_QUEUED);
}
