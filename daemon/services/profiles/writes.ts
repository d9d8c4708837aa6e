import type { AppContext } from '../../context.js';
import type { ProfileFields } from '../../store/profile-writes.js';
import type { Profile } from '../../store/profiles.js';
import { profileProblems, profileTypeProblem } from '../../../shared/rules/profiles.js';
import { badRequest, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { entry, genericText } from './changes.js';

/** The body of POST profiles and PUT profiles/:id (Traffic Ops' ProfileNullable; other keys are ignored). */
export interface ProfileBody {
  name?: unknown;
  description?: unknown;
  cdn?: unknown;
  type?: unknown;
  routingDisabled?: unknown;
}

/**
 * Reads a profile body with Traffic Ops' order of checks: the required fields (all reported together), then
 * `routingDisabled`, the type enum, the CDN (404 `cdn not found`).
 */
export async function readProfileBody(ctx: AppContext, body: unknown): Promise<ProfileFields> {
  const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as ProfileBody;
  const problems = profileProblems(b);
  if (problems.length > 0) throw badRequest(problems.join(', '));
  if (typeof b.routingDisabled !== 'boolean') throw badRequest('routingDisabled is a required field');
  const typeProblem = profileTypeProblem(b.type as string);
  if (typeProblem) throw badRequest(typeProblem);
  const cdnId = b.cdn as number;
  if (!(await ctx.store.cdns.list()).some((c) => c.id === cdnId)) throw notFound('cdn not found');
  return {
    name: b.name as string,
    description: b.description as string,
    cdnId,
    type: b.type as string,
    routingDisabled: b.routingDisabled,
  };
}

const nameTaken = (name: string) => badRequest(`profile name '${name}' already exists.`);

async function stored(ctx: AppContext, id: number): Promise<Profile> {
  const profile = await ctx.store.profiles.get(id);
  if (!profile) throw notFound('no profile found with this id');
  return profile;
}

/** POST profiles: `profile was created.` (Operations). */
export async function createProfile(ctx: AppContext, principal: Principal, body: unknown): Promise<Profile> {
  const fields = await readProfileBody(ctx, body);
  const id = await ctx.store.profiles.create(fields, ctx.clock(), [
    (created) =>
      created === null
        ? null
        : entry(ctx, principal, genericText('profile', fields.name, created, 'Created', `id:${created}`)),
  ]);
  if (id === null) throw nameTaken(fields.name);
  return stored(ctx, id);
}

/** PUT profiles/:id: `profile was updated.`; 404 `no profile found with this id`. */
export async function updateProfile(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: unknown,
): Promise<Profile> {
  const fields = await readProfileBody(ctx, body);
  const status = await ctx.store.profiles.update(id, fields, ctx.clock(), [
    (s) => (s === 'ok' ? entry(ctx, principal, genericText('profile', fields.name, id, 'Updated', `id:${id}`)) : null),
  ]);
  if (status === 'missing') throw notFound('no profile found with this id');
  if (status === 'taken') throw nameTaken(fields.name);
  return stored(ctx, id);
}

const USED_BY: Record<string, string> = {
  server: 'a server',
  deliveryservice: 'a deliveryservice',
  origin: 'an origin',
};

/** DELETE profiles/:id: refused while a server, delivery service or origin uses the profile. */
export async function deleteProfile(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const profile = await ctx.store.profiles.get(id);
  if (!profile) throw notFound('no profile with that key found');
  const status = await ctx.store.profiles.delete(id, [
    (s) =>
      s === 'deleted' ? entry(ctx, principal, genericText('profile', profile.name, id, 'Deleted', `id:${id}`)) : null,
  ]);
  if (status === 'missing') throw notFound('no profile with that key found');
  if (status !== 'deleted') throw badRequest(`cannot delete profile because it is being used by ${USED_BY[status]}`);
}

/** A profile by name, or 404 with `text`. */
export async function profileNamed(ctx: AppContext, name: string, text: string): Promise<Profile> {
  const [profile] = await ctx.store.profiles.list({ name });
  if (!profile) throw notFound(text);
  return profile;
}
