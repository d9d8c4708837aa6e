import type { FieldReader } from './fields.js';
import type { CachegroupModel } from '../../store/snapshot-types.js';

/** A cache group of a snapshot; the issue-30 fields are left out when they hold their defaults. */
export function readCachegroup(f: FieldReader): CachegroupModel {
  f.rejectUnknown([
    'name',
    'shortName',
    'type',
    'coordinate',
    'parentCachegroup',
    'secondaryParentCachegroup',
    'fallbackToClosest',
    'localizationMethods',
    'fallbacks',
  ]);
  const methods = stringList(f, 'localizationMethods');
  const fallbacks = stringList(f, 'fallbacks');
  return {
    name: f.requiredName('name'),
    shortName: f.requiredName('shortName'),
    type: f.requiredString('type'),
    coordinate: f.optionalString('coordinate'),
    parentCachegroup: f.optionalString('parentCachegroup'),
    secondaryParentCachegroup: f.optionalString('secondaryParentCachegroup'),
    ...(f.boolean('fallbackToClosest', true) ? {} : { fallbackToClosest: false }),
    ...(methods.length > 0 ? { localizationMethods: methods } : {}),
    ...(fallbacks.length > 0 ? { fallbacks } : {}),
  };
}

/** An optional array of strings (none: empty). */
function stringList(f: FieldReader, key: string): string[] {
  const v = f.raw[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) {
    f.fail(`${key}: must be an array of strings`);
    return [];
  }
  return v;
}
