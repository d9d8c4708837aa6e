// The Topology page's forms (CDNs, cache groups, divisions, regions, physical locations): typed text in, the
// body of the API's write out, and the shared rules' verdicts (the API's own checks and texts: topology/cdns.ts,
// topology/cachegroups.ts, places.ts) split into one message per form field.
import {
  CG_TEXTS,
  ancestorLoop,
  cachegroupFieldErrors,
  fallbackProblem,
  localizationMethods,
  type CachegroupBody,
} from '../topology/cachegroups.js';
import { cdnFieldErrors } from '../topology/cdns.js';
import { checkDivision, checkPhysLocation, checkRegion } from '../places.js';

export type FormErrors<K extends string> = Partial<Record<K, string>>;

/**
 * Splits rule texts into messages per field: `'<key>' <text>` (and Traffic Ops' `region '<key>' is required`)
 * go to the field `aliases` maps the key to, or to the key itself when it is one of `fields`.
 */
export function errorsByField<K extends string>(
  texts: readonly string[],
  fields: readonly K[],
  aliases: Partial<Record<string, K>> = {},
): FormErrors<K> {
  const errors: FormErrors<K> = {};
  for (const text of texts) {
    const m = /^(?:\w+ )?'(\w+)' (.+)$/.exec(text);
    if (!m) continue;
    const field = aliases[m[1]] ?? (fields as readonly string[]).find((f) => f === m[1]);
    if (field) errors[field as K] ??= m[2];
  }
  return errors;
}

/* ---------- CDN ---------- */

export interface CdnFormValues {
  name: string;
  domainName: string;
  dnssecEnabled: boolean;
}
export const CDN_FORM_FIELDS = ['name', 'domainName', 'dnssecEnabled'] as const;
export type CdnFormKey = (typeof CDN_FORM_FIELDS)[number];

export const validateCdnForm = (v: CdnFormValues): FormErrors<CdnFormKey> =>
  errorsByField(cdnFieldErrors({ name: v.name.trim(), domainName: v.domainName.trim() }), CDN_FORM_FIELDS);

export const toCdnBody = (v: CdnFormValues) => ({
  name: v.name.trim(),
  domainName: v.domainName.trim(),
  dnssecEnabled: v.dnssecEnabled,
});

/* ---------- Cache group ---------- */

export interface CachegroupFormValues {
  name: string;
  shortName: string;
  typeId: string;
  parentCachegroupId: string;
  secondaryParentCachegroupId: string;
  latitude: string;
  longitude: string;
  fallbackToClosest: boolean;
  /** Names of EDGE_LOC groups, in order. */
  fallbacks: string[];
  localizationMethods: string[];
}
export const CACHEGROUP_FORM_FIELDS = [
  'name',
  'shortName',
  'typeId',
  'parentCachegroupId',
  'secondaryParentCachegroupId',
  'latitude',
  'longitude',
  'fallbackToClosest',
  'fallbacks',
  'localizationMethods',
] as const;
export type CachegroupFormKey = (typeof CACHEGROUP_FORM_FIELDS)[number];

/** The API's keys in its texts that name a form field by another name. */
export const CACHEGROUP_ALIASES: Partial<Record<string, CachegroupFormKey>> = {
  parentCacheGroupID: 'parentCachegroupId',
  secondaryParentCachegroupID: 'secondaryParentCachegroupId',
};

/** What the form knows of the other groups: to check parents for loops and fallbacks for their type. */
export interface GroupChoice {
  id: number;
  name: string;
  typeId: number;
  typeName: string;
  parentCachegroupId: number | null;
  secondaryParentCachegroupId: number | null;
}

export function emptyCachegroupForm(): CachegroupFormValues {
  return {
    name: '',
    shortName: '',
    typeId: '',
    parentCachegroupId: '',
    secondaryParentCachegroupId: '',
    latitude: '',
    longitude: '',
    fallbackToClosest: true,
    fallbacks: [],
    localizationMethods: [],
  };
}

const idText = (id: number | null | undefined) => (id === null || id === undefined ? '' : String(id));
const numText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function cachegroupToForm(g: GroupChoice & Record<string, unknown>): CachegroupFormValues {
  return {
    name: g.name,
    shortName: typeof g.shortName === 'string' ? g.shortName : '',
    typeId: String(g.typeId),
    parentCachegroupId: idText(g.parentCachegroupId),
    secondaryParentCachegroupId: idText(g.secondaryParentCachegroupId),
    latitude: numText(g.latitude as number | null),
    longitude: numText(g.longitude as number | null),
    fallbackToClosest: g.fallbackToClosest !== false,
    fallbacks: Array.isArray(g.fallbacks) ? (g.fallbacks as string[]) : [],
    localizationMethods: Array.isArray(g.localizationMethods) ? (g.localizationMethods as string[]) : [],
  };
}

const optionalNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

export function toCachegroupBody(v: CachegroupFormValues): CachegroupBody & { typeId: number | null } {
  return {
    name: v.name.trim(),
    shortName: v.shortName.trim(),
    typeId: optionalNumber(v.typeId),
    parentCachegroupId: optionalNumber(v.parentCachegroupId),
    secondaryParentCachegroupId: optionalNumber(v.secondaryParentCachegroupId),
    latitude: optionalNumber(v.latitude),
    longitude: optionalNumber(v.longitude),
    fallbackToClosest: v.fallbackToClosest,
    fallbacks: v.fallbacks,
    localizationMethods: v.localizationMethods,
  };
}

function numberErrors(v: CachegroupFormValues, errors: FormErrors<CachegroupFormKey>): void {
  for (const [key, limit] of [
    ['latitude', 90],
    ['longitude', 180],
  ] as const) {
    const text = v[key].trim();
    if (text !== '' && !Number.isFinite(Number(text)))
      errors[key] = `Must be a floating point number within the range +-${limit}`;
  }
}

/** The parents' loop and the fallbacks' types, with the API's texts (`self` is null for a new group). */
function relationErrors(
  v: CachegroupFormValues,
  self: number | null,
  groups: readonly GroupChoice[],
  typeName: string,
  errors: FormErrors<CachegroupFormKey>,
): void {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const parents = [optionalNumber(v.parentCachegroupId), optionalNumber(v.secondaryParentCachegroupId)];
  if (self !== null) {
    const loop = ancestorLoop(
      self,
      parents,
      (id) => [byId.get(id)?.parentCachegroupId ?? null, byId.get(id)?.secondaryParentCachegroupId ?? null],
      (id) => (id === self ? v.name.trim() || String(id) : (byId.get(id)?.name ?? String(id))),
    );
    if (loop)
      errors[
        parents[0] !== null && loop[1] === byId.get(parents[0])?.name
          ? 'parentCachegroupId'
          : 'secondaryParentCachegroupId'
      ] ??= CG_TEXTS.ancestor(loop);
  }
  const typeOf = (name: string) => groups.find((g) => g.name === name)?.typeName;
  const problem = fallbackProblem(v.name.trim(), typeName, v.fallbacks, typeOf);
  if (problem) errors.fallbacks = problem;
}

/**
 * Checks a cache group form with the API's rules: the fields (names, coordinates), the type, the parents (a group
 * cannot be its own ancestor), the fallbacks (EDGE_LOC only) and the localization methods.
 */
export function validateCachegroupForm(
  v: CachegroupFormValues,
  self: number | null,
  groups: readonly GroupChoice[],
  typeName: string,
): FormErrors<CachegroupFormKey> {
  const body = toCachegroupBody(v);
  const errors = errorsByField(
    cachegroupFieldErrors({ ...body, latitude: finiteOrNull(body.latitude), longitude: finiteOrNull(body.longitude) }),
    CACHEGROUP_FORM_FIELDS,
    CACHEGROUP_ALIASES,
  );
  numberErrors(v, errors);
  if (v.typeId === '') errors.typeId = 'is required';
  relationErrors(v, self, groups, typeName, errors);
  const methods = localizationMethods(v.localizationMethods);
  if ('error' in methods) errors.localizationMethods = methods.error;
  return errors;
}

const finiteOrNull = (n: number | null | undefined) => (n !== null && n !== undefined && Number.isFinite(n) ? n : null);

/* ---------- Divisions, regions, physical locations ---------- */

export const DIVISION_FORM_FIELDS = ['name'] as const;
export const REGION_FORM_FIELDS = ['name', 'division'] as const;
export const PHYS_LOCATION_FORM_FIELDS = [
  'name',
  'shortName',
  'address',
  'city',
  'state',
  'zip',
  'regionId',
  'poc',
  'phone',
  'email',
  'comments',
] as const;
export type PlaceKind = 'division' | 'region' | 'physLocation';
export const PLACE_FIELDS = {
  division: DIVISION_FORM_FIELDS,
  region: REGION_FORM_FIELDS,
  physLocation: PHYS_LOCATION_FORM_FIELDS,
} as const;
export type PlaceFormValues = Record<string, string>;

const ID_KEYS = new Set(['division', 'regionId']);
const OPTIONAL_KEYS = new Set(['poc', 'phone', 'email', 'comments']);

/** The body of a place's write: ids as numbers, empty optional texts null. */
export function toPlaceBody(kind: PlaceKind, v: PlaceFormValues): Record<string, string | number | null> {
  const body: Record<string, string | number | null> = {};
  for (const key of PLACE_FIELDS[kind]) {
    const text = (v[key] ?? '').trim();
    if (ID_KEYS.has(key)) body[key] = text === '' ? null : Number(text);
    else body[key] = text === '' && OPTIONAL_KEYS.has(key) ? null : text;
  }
  return body;
}

const CHECKS = { division: checkDivision, region: checkRegion, physLocation: checkPhysLocation } as const;

/** Checks a division, region or physical location form with the API's rules. */
export function validatePlaceForm(kind: PlaceKind, v: PlaceFormValues): Record<string, string> {
  const checked = CHECKS[kind](toPlaceBody(kind, v));
  if (checked.ok) return {};
  return errorsByField(checked.errors, PLACE_FIELDS[kind] as readonly string[]) as Record<string, string>;
}
