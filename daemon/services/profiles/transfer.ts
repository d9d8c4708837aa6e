import type { AppContext } from '../../context.js';
import type { ParameterKey } from '../../store/profile-writes.js';
import type { Profile } from '../../store/profiles.js';
import type { CopiedProfile, ImportedProfile, ProfileExport } from '../../../shared/contract/parameters.js';
import { SECURE_MASK, profileTypeProblem } from '../../../shared/rules/profiles.js';
import { badRequest, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { entry } from './changes.js';
import { revealsSecureValues } from './read.js';

/* Export, import and copy of profiles in Traffic Ops' JSON format (reference §6.5). */

/** GET profiles/{id}/export: the profile and its parameters; secure values masked below admin. */
export async function exportProfile(ctx: AppContext, principal: Principal, id: number): Promise<ProfileExport> {
  const profile = await ctx.store.profiles.get(id);
  if (!profile) throw notFound('profile does not exist');
  const reveal = revealsSecureValues(principal);
  const parameters = (await ctx.store.parameters.ofProfile(profile.name)) ?? [];
  return {
    profile: { name: profile.name, description: profile.description, cdn: profile.cdnName, type: profile.type },
    parameters: parameters.map((p) => ({
      config_file: p.configFile,
      name: p.name,
      value: p.secure && !reveal ? SECURE_MASK : p.value,
    })),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const PARAMETER_KEYS: Array<[string, string]> = [
  ['config_file', 'configFile'],
  ['name', 'name'],
  ['value', 'value'],
];

/** The parameters of an import: each needs config_file, name and value (the missing are named). */
function readImportParameters(raw: unknown, errors: string[]): ParameterKey[] {
  const list = Array.isArray(raw) ? raw : [];
  const keys: ParameterKey[] = [];
  list.forEach((item, i) => {
    const p = isObject(item) ? item : {};
    const missing = PARAMETER_KEYS.filter(([k]) => typeof p[k] !== 'string').map(([, label]) => label);
    if (missing.length > 0) errors.push(`parameter ${i}: required fields missing: ${missing.sort().join(', ')}`);
    else keys.push({ configFile: p.config_file as string, name: p.name as string, value: p.value as string });
  });
  return keys;
}

interface ImportInput {
  name: string;
  description: string;
  cdn: string;
  type: string;
  parameters: ParameterKey[];
}

/** Reads an import body; every problem together, prefixed `validating: `. */
async function readImport(ctx: AppContext, body: unknown): Promise<ImportInput & { cdnId: number }> {
  const b = isObject(body) ? body : {};
  const p = isObject(b.profile) ? b.profile : {};
  const errors: string[] = [];
  const field = (key: string, label = key) => {
    if (typeof p[key] === 'string' && p[key] !== '') return p[key] as string;
    errors.push(`${label} required`);
    return '';
  };
  const input = {
    name: field('name'),
    description: field('description'),
    cdn: field('cdn', 'cdnName'),
    type: field('type'),
  };
  const parameters = readImportParameters(b.parameters, errors);
  const cdnId = (await ctx.store.cdns.list()).find((c) => c.name === input.cdn)?.id;
  if (input.cdn !== '' && cdnId === undefined) errors.push(`${input.cdn} CDN does not exist`);
  if (input.name !== '' && (await ctx.store.profiles.list({ name: input.name })).length > 0)
    errors.push(`A profile with the name "${input.name}" already exists`);
  const typeProblem = input.type === '' ? null : profileTypeProblem(input.type);
  if (typeProblem) errors.push(typeProblem);
  if (errors.length > 0 || cdnId === undefined) throw badRequest(`validating: ${errors.join(', ')}`);
  return { ...input, parameters, cdnId };
}

/** POST profiles/import: the profile, then each parameter linked if it exists or created. */
export async function importProfile(
  ctx: AppContext,
  principal: Principal,
  body: unknown,
): Promise<{ record: ImportedProfile; text: string }> {
  const input = await readImport(ctx, body);
  const fields = {
    name: input.name,
    description: input.description,
    cdnId: input.cdnId,
    type: input.type,
    routingDisabled: false,
  };
  const textOf = (created: number, existing: number) =>
    `Profile imported [ ${input.name} ] with ${created} new and ${existing} existing parameters`;
  const result = await ctx.store.profiles.import(fields, input.parameters, ctx.clock(), [
    (r) => (r ? entry(ctx, principal, textOf(r.created, r.existing)) : null),
  ]);
  if (!result) throw badRequest(`validating: A profile with the name "${input.name}" already exists`);
  const { name, description, cdn, type } = input;
  return { record: { name, description, cdn, type, id: result.id }, text: textOf(result.created, result.existing) };
}

/** POST profiles/name/{new}/copy/{existing}. */
export async function copyProfile(
  ctx: AppContext,
  principal: Principal,
  name: string,
  existing: string,
): Promise<{ record: CopiedProfile; text: string }> {
  const text = `created new profile [${name}] from existing profile [${existing}]`;
  const result = await ctx.store.profiles.copy(name, existing, ctx.clock(), [
    (r) => (typeof r === 'object' ? entry(ctx, principal, text) : null),
  ]);
  if (result === 'exists') throw badRequest(`profile with name ${name} already exists`);
  if (result === 'missing') throw notFound(`profile with name ${existing} does not exist`);
  return {
    record: {
      id: result.id,
      name,
      idCopyFrom: result.sourceId,
      profileCopyFrom: existing,
      description: result.description,
    },
    text,
  };
}

export type { Profile };
