/**
 * Cache-group rules shared by the API (POST/PUT cachegroups) and snapshot import: the same checks, the same
 * texts (Traffic Ops 1.x's, reference §2.2; the ancestor rule is cdnctl's own, docs/api/behavior.md).
 */

/** A cache-group write body after the route's JSON schema checked its types. */
export interface CachegroupBody {
  name?: string | null;
  shortName?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  parentCachegroupId?: number | null;
  secondaryParentCachegroupId?: number | null;
  fallbackToClosest?: boolean | null;
  localizationMethods?: string[] | null;
  typeId?: number | null;
  fallbacks?: string[] | null;
}

export const LOCALIZATION_METHODS = ['CZ', 'DEEP_CZ', 'GEO'] as const;

/** The one type whose groups may have fallbacks, and be one. */
export const FALLBACK_TYPE = 'EDGE_LOC';

export const CG_TEXTS = {
  missingType: "missing property: 'typeId'",
  typeNotFound: 'type not found',
  notCachegroupType: 'type is not a valid cachegroup type',
  parentNotFound: 'cachegroup not found',
  noFallbacks: (name: string) =>
    `the cache group ${name} is not allowed to have fallbacks.  It must be of type ${FALLBACK_TYPE}.`,
  badFallback: (fallback: string) =>
    `the cache group ${fallback} is not valid as a fallback.  It must exist as a cache group and be of type ${FALLBACK_TYPE}.`,
  nameTaken: (name: string) => `cachegroup name '${name}' already exists.`,
  shortNameTaken: (name: string) => `cachegroup short_name '${name}' already exists.`,
  ancestor: (path: string[]) => `the cache group ${path[0]} cannot be its own ancestor: ${path.join(' -> ')}`,
} as const;

const CG_NAME = /^[A-Za-z0-9._-]+$/;
const NAME_CHARS = 'invalid characters found - Use alphanumeric . or - or _ .';

const blank = (v: string | null | undefined): v is null | undefined | '' =>
  v === null || v === undefined || v.trim() === '';

function nameErrors(key: string, value: string | null | undefined): string[] {
  if (blank(value)) return [`'${key}' cannot be blank`];
  return CG_NAME.test(value) ? [] : [`'${key}' ${NAME_CHARS}`];
}

function rangeError(key: string, value: number | null | undefined, limit: number): string[] {
  if (value === null || value === undefined || (value >= -limit && value <= limit)) return [];
  return [`'${key}' Must be a floating point number within the range +-${limit}`];
}

function idError(key: string, value: number | null | undefined): string[] {
  return value === null || value === undefined || value >= 1 ? [] : [`'${key}' must be no less than 1`];
}

/**
 * The localization methods upper-cased, or the decoding error Traffic Ops gave for an unknown one
 * (`<x> is not a LocalizationMethod`); a repeated one is `'localizationMethods' must not repeat a method`.
 */
export function localizationMethods(values: readonly string[] | null | undefined): string[] | { error: string } {
  const methods = (values ?? []).map((v) => v.toUpperCase());
  const unknown = (values ?? []).find((v) => !(LOCALIZATION_METHODS as readonly string[]).includes(v.toUpperCase()));
  if (unknown !== undefined) return { error: `${unknown} is not a LocalizationMethod` };
  if (new Set(methods).size !== methods.length) return { error: "'localizationMethods' must not repeat a method" };
  return [...methods].sort();
}

/** Step 3 of Traffic Ops' order: the field rules, `'<key>' <text>` in field order. */
export function cachegroupFieldErrors(body: CachegroupBody): string[] {
  return [
    ...nameErrors('name', body.name),
    ...nameErrors('shortName', body.shortName),
    ...rangeError('latitude', body.latitude, 90),
    ...rangeError('longitude', body.longitude, 180),
    ...idError('parentCacheGroupID', body.parentCachegroupId),
    ...idError('secondaryParentCachegroupID', body.secondaryParentCachegroupId),
  ];
}

/**
 * Step 2: fallbacks need the group to be EDGE_LOC, and each fallback to be an EDGE_LOC group (`typeOf` answers a
 * group's type name by group name, undefined for none). Answers the first failure's text, or null.
 */
export function fallbackProblem(
  name: string,
  typeName: string,
  fallbacks: readonly string[],
  typeOf: (group: string) => string | undefined,
): string | null {
  if (fallbacks.length === 0) return null;
  if (typeName !== FALLBACK_TYPE) return CG_TEXTS.noFallbacks(name);
  const bad = fallbacks.find((f) => typeOf(f) !== FALLBACK_TYPE);
  return bad === undefined ? null : CG_TEXTS.badFallback(bad);
}

/**
 * cdnctl's own rule: a group cannot be its own ancestor through parents and secondary parents. `self` is the
 * group, `parents` its new parents, `parentsOf` every other group's; answers the loop as names (the group first
 * and last), or null.
 */
export function ancestorLoop<K>(
  self: K,
  parents: readonly (K | null)[],
  parentsOf: (group: K) => readonly (K | null)[],
  label: (group: K) => string,
): string[] | null {
  const seen = new Set<K>();
  const walk = (group: K, path: K[]): K[] | null => {
    if (group === self) return path;
    if (seen.has(group)) return null;
    seen.add(group);
    for (const parent of parentsOf(group)) {
      if (parent === null) continue;
      const found = walk(parent, [...path, parent]);
      if (found) return found;
    }
    return null;
  };
  for (const parent of parents) {
    if (parent === null) continue;
    const found = walk(parent, [self, parent]);
    if (found) return found.map(label);
  }
  return null;
}
