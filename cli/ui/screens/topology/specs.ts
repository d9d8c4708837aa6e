// What the CDNs and cache-groups screens show and ask (issue 30), for RecordScreen.
import type { Choice } from '../../components/Picker.js';
import type { Cdn, CdnBody } from '../../../../shared/client/cdns.js';
import type { CachegroupBody } from '../../../../shared/client/cachegroups.js';
import type { Cachegroup } from '../../../../shared/client/servers.js';
import type { RecordSpec } from './RecordScreen.js';

const YES_NO: Choice[] = [
  { value: 'yes', label: 'yes' },
  { value: 'no', label: 'no' },
];
const NONE: Choice = { value: '', label: '(none)' };

const required = (values: Record<string, string>, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, values[k]?.trim() ? undefined : 'required']));

export const CDN_SPEC: RecordSpec<Cdn, CdnBody, undefined> = {
  title: 'CDNs',
  noun: 'cdn',
  columns: [
    { header: 'ID', value: (c) => String(c.id), align: 'right', minWidth: 2, priority: 3 },
    { header: 'Name', value: (c) => c.name, minWidth: 6, priority: 1, ellipsis: 'middle' },
    { header: 'Domain', value: (c) => c.domainName, minWidth: 10, priority: 2, ellipsis: 'middle' },
    { header: 'DNSSEC', value: (c) => (c.dnssecEnabled ? 'yes' : 'no'), minWidth: 6, priority: 4 },
    { header: 'Last updated', value: (c) => c.lastUpdated, minWidth: 12, priority: 5 },
  ],
  detail: (c) => [
    ['ID', c.id],
    ['Domain', c.domainName],
    ['DNSSEC', c.dnssecEnabled ? 'yes' : 'no'],
    ['Last updated', c.lastUpdated],
  ],
  fields: () => [
    { name: 'name', label: 'Name' },
    { name: 'domainName', label: 'Domain', hint: 'e.g. cdn.example.com' },
    { name: 'dnssecEnabled', label: 'DNSSEC', hint: 'choose', choices: YES_NO },
  ],
  toForm: (c) => ({
    name: c?.name ?? '',
    domainName: c?.domainName ?? '',
    dnssecEnabled: c?.dnssecEnabled ? 'yes' : 'no',
  }),
  validate: (v) => required(v, ['name', 'domainName']),
  toBody: (v) => ({ name: v.name.trim(), domainName: v.domainName.trim(), dnssecEnabled: v.dnssecEnabled === 'yes' }),
};

/** What the cache-group form picks from: the cache-group types and the other groups (ids as text). */
export interface CachegroupChoices {
  types: Choice[];
  groups: Choice[];
}

const optionalId = (text: string | undefined) => (text?.trim() ? Number(text) : null);
const optionalNumber = (text: string | undefined) => (text?.trim() ? Number(text) : null);
const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function coordinateErrors(v: Record<string, string>): Record<string, string | undefined> {
  const bad = (key: string, bound: number) => {
    const text = v[key]?.trim();
    if (!text) return undefined;
    const n = Number(text);
    return Number.isFinite(n) && Math.abs(n) <= bound ? undefined : `a number within ±${bound}`;
  };
  return { latitude: bad('latitude', 90), longitude: bad('longitude', 180) };
}

export const CACHEGROUP_SPEC: RecordSpec<Cachegroup, CachegroupBody, CachegroupChoices> = {
  title: 'Cache groups',
  noun: 'cache group',
  columns: [
    { header: 'ID', value: (c) => String(c.id), align: 'right', minWidth: 2, priority: 5 },
    { header: 'Name', value: (c) => c.name, minWidth: 8, priority: 1, ellipsis: 'middle' },
    { header: 'Type', value: (c) => c.typeName, minWidth: 6, priority: 2 },
    { header: 'Parent', value: (c) => c.parentCachegroupName ?? '', minWidth: 6, priority: 3, ellipsis: 'middle' },
    { header: 'Short', value: (c) => c.shortName, minWidth: 5, priority: 6 },
    { header: 'Secondary', value: (c) => c.secondaryParentCachegroupName ?? '', minWidth: 6, priority: 7 },
    { header: 'Fallbacks', value: (c) => c.fallbacks.join(', '), minWidth: 8, priority: 4 },
  ],
  detail: (c) => [
    ['ID', c.id],
    ['Short name', c.shortName],
    ['Type', c.typeName],
    ['Parent', c.parentCachegroupName],
    ['Secondary parent', c.secondaryParentCachegroupName],
    ['Latitude', c.latitude],
    ['Longitude', c.longitude],
    ['Fallback to closest', c.fallbackToClosest ? 'yes' : 'no'],
    ['Localization methods', c.localizationMethods.join(', ')],
    ['Fallbacks', c.fallbacks.join(', ')],
    ['Last updated', c.lastUpdated],
  ],
  fields: (choices) => [
    { name: 'name', label: 'Name' },
    { name: 'shortName', label: 'Short name' },
    choices?.types.length
      ? { name: 'typeId', label: 'Type', hint: 'choose', choices: choices.types }
      : { name: 'typeId', label: 'Type id' },
    { name: 'parentCachegroupId', label: 'Parent', hint: 'optional', choices: [NONE, ...(choices?.groups ?? [])] },
    {
      name: 'secondaryParentCachegroupId',
      label: 'Secondary parent',
      hint: 'optional',
      choices: [NONE, ...(choices?.groups ?? [])],
    },
    { name: 'latitude', label: 'Latitude', hint: 'optional, ±90' },
    { name: 'longitude', label: 'Longitude', hint: 'optional, ±180' },
    { name: 'fallbackToClosest', label: 'Fallback to closest', hint: 'choose', choices: YES_NO },
    { name: 'localizationMethods', label: 'Localization', hint: 'CZ, DEEP_CZ, GEO (comma-separated)' },
    { name: 'fallbacks', label: 'Fallbacks', hint: 'EDGE_LOC group names, in order (comma-separated)' },
  ],
  toForm: (c) => ({
    name: c?.name ?? '',
    shortName: c?.shortName ?? '',
    typeId: c ? String(c.typeId) : '',
    parentCachegroupId: c?.parentCachegroupId ? String(c.parentCachegroupId) : '',
    secondaryParentCachegroupId: c?.secondaryParentCachegroupId ? String(c.secondaryParentCachegroupId) : '',
    latitude: c?.latitude === null || c?.latitude === undefined ? '' : String(c.latitude),
    longitude: c?.longitude === null || c?.longitude === undefined ? '' : String(c.longitude),
    fallbackToClosest: c && !c.fallbackToClosest ? 'no' : 'yes',
    localizationMethods: c?.localizationMethods.join(', ') ?? '',
    fallbacks: c?.fallbacks.join(', ') ?? '',
  }),
  validate: (v) => ({ ...required(v, ['name', 'shortName', 'typeId']), ...coordinateErrors(v) }),
  toBody: (v) => ({
    name: v.name.trim(),
    shortName: v.shortName.trim(),
    typeId: Number(v.typeId),
    parentCachegroupId: optionalId(v.parentCachegroupId),
    secondaryParentCachegroupId: optionalId(v.secondaryParentCachegroupId),
    latitude: optionalNumber(v.latitude),
    longitude: optionalNumber(v.longitude),
    fallbackToClosest: v.fallbackToClosest !== 'no',
    localizationMethods: list(v.localizationMethods).map((m) => m.toUpperCase()),
    fallbacks: list(v.fallbacks),
  }),
};
