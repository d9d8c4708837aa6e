import type { AppContext } from '../../context.js';
import type { ParameterFilters, ParameterWithProfiles } from '../../store/parameter-reads.js';
import type { ParameterFields } from '../../store/profile-writes.js';
import { parameterProblems } from '../../../shared/rules/profiles.js';
import { badRequest, notFound } from '../errors.js';
import { toInteger } from '../params.js';
import type { Principal } from '../principal.js';
import { entry, genericText, queueChange } from './changes.js';

/** GET parameters' query: every value as the client sent it. */
export interface ParameterQuery {
  id?: string;
  name?: string;
  configFile?: string;
  value?: string;
  secure?: string;
}

const BOOLEANS: Record<string, boolean> = { true: true, t: true, '1': true, false: false, f: false, '0': false };

/** Reads GET parameters' filters: `id` an integer, `secure` a boolean (400 `<key> cannot parse to …`). */
export function readParameterFilters(query: ParameterQuery): ParameterFilters {
  const filters: ParameterFilters = {};
  const errors: string[] = [];
  if (query.id !== undefined) {
    const id = toInteger(query.id);
    if (id === null) errors.push('id cannot parse to integer');
    else filters.id = id;
  }
  if (query.secure !== undefined) {
    // An own key only: `__proto__` or `constructor` is no boolean either.
    const key = query.secure.toLowerCase();
    const secure = Object.hasOwn(BOOLEANS, key) ? BOOLEANS[key] : undefined;
    if (secure === undefined) errors.push('secure cannot parse to boolean');
    else filters.secure = secure;
  }
  for (const key of ['name', 'configFile', 'value'] as const) if (query[key] !== undefined) filters[key] = query[key];
  if (errors.length > 0) throw badRequest(errors.join(', '));
  return filters;
}

/**
 * Reads one parameter of a POST or PUT body: the shared rules' problems (blank name or config file, a parent.config
 * weight that is no number), then `secure` (required); a null or missing value is "".
 */
export function readParameter(raw: unknown): ParameterFields {
  const p = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const problems = parameterProblems(p);
  if (p.value !== undefined && p.value !== null && typeof p.value !== 'string')
    problems.push("'value' must be a string");
  if (problems.length > 0) throw badRequest(problems.join(', '));
  if (typeof p.secure !== 'boolean') throw badRequest('secure is a required field');
  return {
    name: p.name as string,
    configFile: p.configFile as string,
    value: typeof p.value === 'string' ? p.value : '',
    secure: p.secure,
  };
}

const duplicate = (f: Pick<ParameterFields, 'name' | 'configFile' | 'value'>) =>
  badRequest(`parameter name, config_file, value '${f.name}, ${f.configFile}, ${f.value}' already exists.`);

/** A parameter by id with its profiles, or null. */
export async function parameterById(ctx: AppContext, id: number): Promise<ParameterWithProfiles | null> {
  return (await ctx.store.parameters.list({ id }))[0] ?? null;
}

/** POST parameters: one object or an array; nothing is created when one is refused. Answers the created ones. */
export async function createParameters(
  ctx: AppContext,
  principal: Principal,
  body: unknown,
): Promise<ParameterWithProfiles[]> {
  const list = (Array.isArray(body) ? body : [body]).map(readParameter);
  if (list.length === 0) throw badRequest('No objects were provided in request.');
  const seen = new Set<string>();
  for (const f of list) {
    const key = JSON.stringify([f.name, f.configFile, f.value]);
    if (seen.has(key)) throw duplicate(f);
    seen.add(key);
  }
  const result = await ctx.store.parameters.create(
    list,
    ctx.clock(),
    list.map((f, i) => (r) => {
      if (!('ids' in r)) return null;
      return entry(ctx, principal, genericText('param', f.name, r.ids[i], 'Created', `id:${r.ids[i]}`));
    }),
  );
  if ('duplicate' in result) throw duplicate(result.duplicate);
  const created = await Promise.all(result.ids.map((id) => parameterById(ctx, id)));
  return created.filter((p): p is ParameterWithProfiles => p !== null);
}

/** PUT parameters/:id: `param was updated.`; changing the name, file or value queues the caches holding it. */
export async function updateParameter(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: unknown,
): Promise<ParameterWithProfiles> {
  const fields = readParameter(body);
  const subject = `PARAM: ${fields.name}, ID: ${id}`;
  const result = await ctx.store.parameters.update(id, fields, ctx.clock(), [
    (r) =>
      r.status === 'ok' ? entry(ctx, principal, genericText('param', fields.name, id, 'Updated', `id:${id}`)) : null,
    await queueChange(ctx, principal, () => subject),
  ]);
  if (result.status === 'missing') throw notFound('no param found with this id');
  if (result.status === 'duplicate') throw duplicate(fields);
  return (await parameterById(ctx, id)) as ParameterWithProfiles;
}

/** DELETE parameters/:id: refused while a profile holds the parameter (Traffic Ops' Perl text); cache-group links go. */
export async function deleteParameter(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const parameter = await parameterById(ctx, id);
  if (!parameter) throw notFound('no param with that key found');
  const inUse = badRequest(`fail to delete parameter, parameter [id:${id}] has profile associated.`);
  if (parameter.profiles.length > 0) throw inUse;
  const status = await ctx.store.parameters.delete(id, [
    (s) =>
      s === 'deleted' ? entry(ctx, principal, genericText('param', parameter.name, id, 'Deleted', `id:${id}`)) : null,
  ]);
  if (status === 'missing') throw notFound('no param with that key found');
  if (status === 'in-use') throw inUse;
}
