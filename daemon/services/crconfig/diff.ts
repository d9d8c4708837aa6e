import type { CrConfig, MonitoringConfig, SectionDiff, SnapshotDiff } from '../../../shared/contract/crconfig.js';

/** The CRConfig's sections that a diff compares (stats change with every build). */
export const CR_SECTIONS = [
  'config',
  'contentServers',
  'contentRouters',
  'deliveryServices',
  'edgeLocations',
  'trafficRouterLocations',
  'monitors',
] as const;

/** The monitoring configuration's lists, each keyed by one field of its elements (`config` is a map). */
const MONITORING_KEYS = {
  trafficServers: 'hostName',
  trafficMonitors: 'hostName',
  cacheGroups: 'name',
  profiles: 'name',
  deliveryServices: 'xmlId',
} as const;

/** JSON with every object's keys in order, so two equal values give one text whatever their key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sorted = (keys: Iterable<string>) => [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The keys added, removed and changed from `published` to `pending`. */
export function diffMaps(published: Record<string, unknown>, pending: Record<string, unknown>): SectionDiff {
  const before = new Set(Object.keys(published));
  const after = new Set(Object.keys(pending));
  return {
    added: sorted([...after].filter((k) => !before.has(k))),
    removed: sorted([...before].filter((k) => !after.has(k))),
    changed: sorted([...after].filter((k) => before.has(k) && canonical(published[k]) !== canonical(pending[k]))),
  };
}

const keyed = (list: unknown, key: string): Record<string, unknown> =>
  Object.fromEntries(
    (Array.isArray(list) ? list : []).map((e) => [String((e as Record<string, unknown>)[key]), e] as const),
  );

const changed = (d: SectionDiff) => d.added.length + d.removed.length + d.changed.length > 0;

/**
 * The pending configuration against the published one, per section (a never-published CDN counts as publishing
 * nothing: every key of the pending configuration is added).
 */
export function diffSnapshots(
  cdn: string,
  published: { crconfig: CrConfig; monitoring: MonitoringConfig; at: string } | null,
  pending: { crconfig: CrConfig; monitoring: MonitoringConfig },
): SnapshotDiff {
  const crconfig: Record<string, SectionDiff> = {};
  for (const section of CR_SECTIONS)
    crconfig[section] = diffMaps(published?.crconfig[section] ?? {}, pending.crconfig[section] ?? {});
  const monitoring: Record<string, SectionDiff> = {
    config: diffMaps(published?.monitoring.config ?? {}, pending.monitoring.config),
  };
  for (const [section, key] of Object.entries(MONITORING_KEYS)) {
    const name = section as keyof typeof MONITORING_KEYS;
    monitoring[section] = diffMaps(keyed(published?.monitoring[name], key), keyed(pending.monitoring[name], key));
  }
  const pendingAny = [...Object.values(crconfig), ...Object.values(monitoring)].some(changed);
  return { cdn, published: published?.at ?? null, pending: pendingAny, crconfig, monitoring };
}
