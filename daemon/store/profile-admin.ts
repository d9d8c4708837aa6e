import type { Change } from './change-log.js';
import {
  listLinks,
  listParameters,
  unassignedParameters,
  type ParameterFilters,
  type ParameterWithProfiles,
  type ProfileParameterLink,
} from './parameter-reads.js';
import {
  assignParameters,
  assignProfiles,
  createParameters,
  deleteParameter,
  linkPairs,
  unlink,
  updateParameter,
  upsertOnProfile,
  type LinkPair,
  type WithQueue,
} from './parameter-writes.js';
import type { Parameter } from './parameters.js';
import {
  copyProfile,
  createProfile,
  deleteProfile,
  importProfile,
  updateProfile,
  type ParameterFields,
  type ParameterKey,
  type ProfileCopy,
  type ProfileFields,
  type ProfileImport,
  type ProfileUse,
} from './profile-writes.js';
import type { WorkRunner } from './sql-work.js';

/** Changes to log with a write, each a function of its result (or a fixed entry). */
type Changes<R> = ReadonlyArray<Change<R>>;

/** Profile writes (issue 31): each with its change-log entries in its transaction. */
export interface ProfileWriteStore {
  /** Inserts a profile; null when another has the name. */
  create(f: ProfileFields, now: number, changes?: Changes<number | null>): Promise<number | null>;
  update(id: number, f: ProfileFields, now: number, changes?: Changes<UpdateStatus>): Promise<UpdateStatus>;
  /** Deletes a profile nothing uses; otherwise answers what uses it. */
  delete(id: number, changes?: Changes<DeleteStatus>): Promise<DeleteStatus>;
  copy(name: string, existing: string, now: number, changes?: Changes<CopyResult>): Promise<CopyResult>;
  import(
    f: ProfileFields,
    params: readonly ParameterKey[],
    now: number,
    changes?: Changes<ProfileImport | null>,
  ): Promise<ProfileImport | null>;
}

export type UpdateStatus = 'ok' | 'missing' | 'taken';
export type DeleteStatus = 'deleted' | 'missing' | ProfileUse;
export type CopyResult = ProfileCopy | 'exists' | 'missing';
export type CreateResult = { ids: number[] } | { duplicate: ParameterKey };
export type ParameterDeleteStatus = 'deleted' | 'missing' | 'in-use';
export type LinkResult = WithQueue<'ok'> | { status: 'duplicate'; pair: LinkPair };

/** Parameters and profile links (issue 31): reads, and writes that queue the caches they affect. */
export interface ParameterAdminStore {
  list(filters: ParameterFilters): Promise<ParameterWithProfiles[]>;
  unassigned(profileId: number): Promise<Parameter[]>;
  links(filters: { profileId?: number; parameterId?: number }): Promise<ProfileParameterLink[]>;
  /** Inserts parameters; nothing when one already exists (which one is answered). */
  create(list: readonly ParameterFields[], now: number, changes?: Changes<CreateResult>): Promise<CreateResult>;
  update(
    id: number,
    f: ParameterFields,
    now: number,
    changes?: Changes<WithQueue<'ok' | 'missing' | 'duplicate'>>,
  ): Promise<WithQueue<'ok' | 'missing' | 'duplicate'>>;
  /** Deletes a parameter no profile holds (with its cache-group links). */
  delete(id: number, changes?: Changes<ParameterDeleteStatus>): Promise<ParameterDeleteStatus>;
  linkPairs(pairs: readonly LinkPair[], now: number, changes?: Changes<LinkResult>): Promise<LinkResult>;
  unlink(
    pair: LinkPair,
    now: number,
    changes?: Changes<WithQueue<'deleted' | 'missing'>>,
  ): Promise<WithQueue<'deleted' | 'missing'>>;
  assignParameters(
    profileId: number,
    parameterIds: readonly number[],
    replace: boolean,
    now: number,
    changes?: Changes<WithQueue<'ok'>>,
  ): Promise<WithQueue<'ok'>>;
  assignProfiles(
    parameterId: number,
    profileIds: readonly number[],
    replace: boolean,
    now: number,
    changes?: Changes<WithQueue<'ok'>>,
  ): Promise<WithQueue<'ok'>>;
  upsertOnProfile(
    profileId: number,
    list: readonly ParameterFields[],
    now: number,
    changes?: Changes<WithQueue<number[]>>,
  ): Promise<WithQueue<number[]>>;
}

/** The profile writes over an adapter's runner. */
export function profileWrites(runner: WorkRunner): ProfileWriteStore {
  return {
    create: (f, now, changes) => runner.write(() => createProfile(f, now), changes),
    update: (id, f, now, changes) => runner.write(() => updateProfile(id, f, now), changes),
    delete: (id, changes) => runner.write(() => deleteProfile(id), changes),
    copy: (name, existing, now, changes) => runner.write(() => copyProfile(name, existing, now), changes),
    import: (f, params, now, changes) => runner.write(() => importProfile(f, params, now), changes),
  };
}

/** The parameter reads and writes over an adapter's runner. */
export function parameterAdmin(runner: WorkRunner): ParameterAdminStore {
  return {
    list: (filters) => runner.read(() => listParameters(filters)),
    unassigned: (profileId) => runner.read(() => unassignedParameters(profileId)),
    links: (filters) => runner.read(() => listLinks(filters)),
    create: (list, now, changes) => runner.write(() => createParameters(list, now), changes),
    update: (id, f, now, changes) => runner.write(() => updateParameter(id, f, now), changes),
    delete: (id, changes) => runner.write(() => deleteParameter(id), changes),
    linkPairs: (pairs, now, changes) => runner.write(() => linkPairs(pairs, now), changes),
    unlink: (pair, now, changes) => runner.write(() => unlink(pair, now), changes),
    assignParameters: (profileId, ids, replace, now, changes) =>
      runner.write(() => assignParameters(profileId, ids, replace, now), changes),
    assignProfiles: (parameterId, ids, replace, now, changes) =>
      runner.write(() => assignProfiles(parameterId, ids, replace, now), changes),
    upsertOnProfile: (profileId, list, now, changes) =>
      runner.write(() => upsertOnProfile(profileId, list, now), changes),
  };
}
