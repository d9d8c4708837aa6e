import type { AppContext } from '../../context.js';
import type { LinkPair } from '../../store/parameter-writes.js';
import type { ParameterFields } from '../../store/profile-writes.js';
import type { Profile } from '../../store/profiles.js';
import type { Parameter } from '../../store/parameters.js';
import { badRequest, notFound } from '../errors.js';
import { toInteger } from '../params.js';
import type { Principal } from '../principal.js';
import { entry, genericText, queueChange } from './changes.js';
import { parameterById } from './parameters.js';

/* Profile ↔ parameter links (reference §6.3–6.4): every change queues the caches of the profiles it changed. */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const pairText = (p: LinkPair) => `${p.profileId}-${p.parameterId}`;
const pairKeys = (p: LinkPair) => `profile_id:${p.profileId} parameter_id:${p.parameterId}`;

async function knownProfile(ctx: AppContext, id: number): Promise<boolean> {
  return (await ctx.store.profiles.get(id)) !== null;
}

/** Reads one `{profileId, parameterId}` of POST profileparameters; unknown records are 404. */
async function readPair(ctx: AppContext, raw: unknown): Promise<LinkPair> {
  const p = isObject(raw) ? raw : {};
  if (typeof p.profileId !== 'number') throw badRequest('no profile ID in request');
  if (typeof p.parameterId !== 'number') throw badRequest('no parameter ID in request');
  if (!(await knownProfile(ctx, p.profileId))) throw notFound(`no profile with ID ${p.profileId} exists`);
  if (!(await parameterById(ctx, p.parameterId))) throw notFound(`no parameter with ID ${p.parameterId} exists`);
  return { profileId: p.profileId, parameterId: p.parameterId };
}

/** POST profileparameters: one pair or an array; nothing is linked when one is refused. */
export async function linkPairs(ctx: AppContext, principal: Principal, body: unknown): Promise<LinkPair[]> {
  const raw = Array.isArray(body) ? body : [body];
  if (raw.length === 0) throw badRequest('No objects were provided in request.');
  const pairs: LinkPair[] = [];
  for (const r of raw) pairs.push(await readPair(ctx, r));
  const subject = `PROFILEPARAMETER: ${pairs.map(pairText).join(', ')}`;
  const result = await ctx.store.parameters.linkPairs(pairs, ctx.clock(), [
    ...pairs.map(
      (p) => (r: { status: string }) =>
        r.status === 'ok'
          ? entry(ctx, principal, genericText('profileParameter', pairText(p), null, 'Created', pairKeys(p)))
          : null,
    ),
    await queueChange(ctx, principal, () => subject),
  ]);
  if (result.status === 'duplicate')
    throw badRequest(
      `profile_parameter profile, parameter '${result.pair.profileId}, ${result.pair.parameterId}' already exists.`,
    );
  return pairs;
}

/** DELETE profileparameters/:profileId/:parameterId. */
export async function unlinkPair(ctx: AppContext, principal: Principal, pair: LinkPair): Promise<void> {
  const subject = `PROFILEPARAMETER: ${pairText(pair)}`;
  const result = await ctx.store.parameters.unlink(pair, ctx.clock(), [
    (r) =>
      r.status === 'deleted'
        ? entry(ctx, principal, genericText('profileParameter', pairText(pair), null, 'Deleted', pairKeys(pair)))
        : null,
    await queueChange(ctx, principal, () => subject),
  ]);
  if (result.status === 'missing') throw notFound('no profileParameter with that key found');
}

const PARSE = 'parse error: validating: ';
const ids = (v: unknown): number[] | null =>
  Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isInteger(x)) ? (v as number[]) : null;

/** The body of POST profileparameter. */
export interface AssignParameters {
  profileId: number;
  paramIds: number[];
  replace: boolean;
}

/** Reads POST profileparameter's body: every problem together, prefixed `parse error: validating: `. */
async function readAssignParameters(
  ctx: AppContext,
  body: unknown,
): Promise<{ input: AssignParameters; profile: Profile }> {
  const b = isObject(body) ? body : {};
  const errors: string[] = [];
  const profile = typeof b.profileId === 'number' ? await ctx.store.profiles.get(b.profileId) : null;
  if (typeof b.profileId !== 'number') errors.push('profileId missing');
  else if (!profile) errors.push(`no profile with ID ${b.profileId} exists`);
  const paramIds = ids(b.paramIds);
  if (paramIds === null) errors.push('paramIds missing');
  else if ((await Promise.all(paramIds.map((id) => parameterById(ctx, id)))).some((p) => p === null))
    errors.push(`parameters with IDs [${paramIds.join(' ')}] don't all exist`);
  if (errors.length > 0 || !profile || paramIds === null) throw badRequest(PARSE + errors.join(', '));
  return { input: { profileId: profile.id, paramIds, replace: b.replace === true }, profile };
}

/** POST profileparameter: links parameters to one profile (`replace` first unlinks its others). */
export async function assignParameters(
  ctx: AppContext,
  principal: Principal,
  body: unknown,
): Promise<{ input: AssignParameters; profile: Profile }> {
  const read = await readAssignParameters(ctx, body);
  const { input, profile } = read;
  const subject = `PROFILE: ${profile.name}, ID: ${profile.id}`;
  await ctx.store.parameters.assignParameters(input.profileId, input.paramIds, input.replace, ctx.clock(), [
    entry(ctx, principal, `${subject}, ACTION: Assigned ${input.paramIds.length} parameters to profile`),
    await queueChange(ctx, principal, () => subject),
  ]);
  return read;
}

/** The body of POST parameterprofile. */
export interface AssignProfiles {
  paramId: number;
  profileIds: number[];
  replace: boolean;
}

async function readAssignProfiles(ctx: AppContext, body: unknown): Promise<{ input: AssignProfiles; name: string }> {
  const b = isObject(body) ? body : {};
  const errors: string[] = [];
  const parameter = typeof b.paramId === 'number' ? await parameterById(ctx, b.paramId) : null;
  if (typeof b.paramId !== 'number') errors.push('paramId missing');
  else if (!parameter) errors.push(`no parameter with ID ${b.paramId} exists`);
  const profileIds = ids(b.profileIds);
  if (profileIds === null) errors.push('profileIds missing');
  else if ((await Promise.all(profileIds.map((id) => knownProfile(ctx, id)))).some((known) => !known))
    errors.push(`profiles with IDs [${profileIds.join(' ')}] don't all exist`);
  if (errors.length > 0 || !parameter || profileIds === null) throw badRequest(PARSE + errors.join(', '));
  return { input: { paramId: parameter.id, profileIds, replace: b.replace === true }, name: parameter.name };
}

/** POST parameterprofile: links one parameter to profiles (`replace` first unlinks it from the others). */
export async function assignProfiles(ctx: AppContext, principal: Principal, body: unknown): Promise<AssignProfiles> {
  const { input, name } = await readAssignProfiles(ctx, body);
  const subject = `PARAM: ${name}, ID: ${input.paramId}`;
  await ctx.store.parameters.assignProfiles(input.paramId, input.profileIds, input.replace, ctx.clock(), [
    entry(ctx, principal, `${subject}, ACTION: Assigned ${input.profileIds.length} profiles to parameter`),
    await queueChange(ctx, principal, () => subject),
  ]);
  return input;
}

const POSTED_KEYS = ['configFile', 'name', 'secure', 'value'] as const;

/** Reads POST profiles/{id|name}/parameters' body: every key of every item required (`secure` 0 or 1). */
function readPosted(body: unknown): ParameterFields[] {
  const list = Array.isArray(body) ? body : [body];
  return list.map((raw, i) => {
    const p = isObject(raw) ? raw : {};
    const missing = POSTED_KEYS.filter((k) => p[k] === undefined || p[k] === null);
    if (missing.length > 0) throw badRequest(`${PARSE}object ${i}: required fields missing: ${missing.join(', ')}`);
    const secure = toInteger(p.secure);
    if (
      typeof p.name !== 'string' ||
      typeof p.configFile !== 'string' ||
      typeof p.value !== 'string' ||
      secure === null
    )
      throw badRequest(`${PARSE}object ${i}: name, configFile and value must be strings, secure 0 or 1`);
    return { name: p.name, configFile: p.configFile, value: p.value, secure: secure !== 0 };
  });
}

/** POST profiles/{id|name}/parameters: upserts the parameters and links them to the profile. */
export async function postProfileParameters(
  ctx: AppContext,
  principal: Principal,
  profile: Profile,
  body: unknown,
): Promise<Parameter[]> {
  const list = readPosted(body);
  const subject = `PROFILE: ${profile.name}, ID: ${profile.id}`;
  const result = await ctx.store.parameters.upsertOnProfile(profile.id, list, ctx.clock(), [
    entry(ctx, principal, `${subject}, ACTION: Assigned parameters to profile`),
    await queueChange(ctx, principal, () => subject),
  ]);
  const stored = await Promise.all(result.status.map((id) => parameterById(ctx, id)));
  return stored.filter((p): p is NonNullable<typeof p> => p !== null);
}
