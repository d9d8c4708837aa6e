import type { AppContext } from '../../context.js';
import type { Parameter } from '../../store/parameters.js';
import type { Profile, ProfileFilters } from '../../store/profiles.js';
import { badRequest, notFound } from '../errors.js';
import { toInteger } from '../params.js';
import { PRIV, type Principal } from '../principal.js';

/** GET profiles' query: `name` exact, `id`, `cdn` (a CDN id) and `param` (a parameter id) as the text sent. */
export interface ProfileQuery {
  id?: string;
  name?: string;
  cdn?: string;
  param?: string;
}

/** Reads the filters of GET profiles: `id` and `cdn` must be integers; all errors reported together (400). */
export function readProfileFilters(query: ProfileQuery): ProfileFilters {
  const filters: ProfileFilters = {};
  const errors: string[] = [];
  if (query.id !== undefined) {
    const id = toInteger(query.id);
    if (id === null) errors.push('id cannot parse to integer');
    else filters.id = id;
  }
  if (query.cdn !== undefined) {
    const cdn = toInteger(query.cdn);
    if (cdn === null) errors.push('cdn cannot parse to integer');
    else filters.cdnId = cdn;
  }
  if (query.name !== undefined) filters.name = query.name;
  if (errors.length > 0) throw badRequest(errors.join(', '));
  return filters;
}

/**
 * GET profiles?param=: only the profiles holding that parameter (the Go client's GetProfileByParameter, as
 * Traffic Ops filtered on the profile-parameter link); `list` unchanged without it, 400 when it is no integer.
 */
export async function holdingParameter(ctx: AppContext, query: ProfileQuery, list: Profile[]): Promise<Profile[]> {
  if (query.param === undefined) return list;
  const parameterId = toInteger(query.param);
  if (parameterId === null) throw badRequest('param cannot parse to integer');
  const holders = new Set((await ctx.store.parameters.links({ parameterId })).map((l) => l.profileId));
  return list.filter((p) => holders.has(p.id));
}

/** Secure parameter values are shown to admins only; everyone else sees them masked. */
export const revealsSecureValues = (principal: Principal): boolean => principal.privLevel >= PRIV.ADMIN;

/** The parameters of the profile named `name` (404 `profile not found` when there is none). */
export async function parametersOfProfile(ctx: AppContext, name: string): Promise<Parameter[]> {
  const parameters = await ctx.store.parameters.ofProfile(name);
  if (!parameters) throw notFound('profile not found');
  return parameters;
}

/** Each profile with its parameters (none for a profile gone meanwhile), as the 1.4 answer by id carries them. */
export async function withParameters(ctx: AppContext, profiles: Profile[]): Promise<Array<[Profile, Parameter[]]>> {
  return Promise.all(
    profiles.map(async (p): Promise<[Profile, Parameter[]]> => [
      p,
      (await ctx.store.parameters.ofProfile(p.name)) ?? [],
    ]),
  );
}
