import type { Parameter } from '../../store/parameters.js';
import type { CdnTopology } from './load.js';

/** Server types as Traffic Ops sorted them into the CRConfig (reference §1.4). */
export const isCache = (type: string) => type.startsWith('EDGE') || type.startsWith('MID');
export const isEdge = (type: string) => type.startsWith('EDGE');
export const ROUTER_TYPE = 'CCR';
export const MONITOR_TYPE = 'RASCAL';

/** The statuses of the servers a CRConfig lists. */
export const CR_STATUSES: ReadonlySet<string> = new Set(['REPORTED', 'ONLINE', 'ADMIN_DOWN']);

/** The parameters of a profile with one config file. */
export function paramsIn(t: CdnTopology, profile: string, configFile: string): Parameter[] {
  return (t.parameters.get(profile) ?? []).filter((p) => p.configFile === configFile);
}

/** The value of a profile's parameter of this name, whatever its config file; undefined when it has none. */
export function paramValue(t: CdnTopology, profile: string, name: string, configFile?: string): string | undefined {
  return (t.parameters.get(profile) ?? []).find(
    (p) => p.name === name && (configFile === undefined || p.configFile === configFile),
  )?.value;
}

/** A map with its keys in byte order (Go encodes maps so). */
export function sortedMap<V>(entries: Iterable<[string, V]>): Record<string, V> {
  const out: Record<string, V> = {};
  for (const [k, v] of [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) out[k] = v;
  return out;
}

export const strBool = (b: boolean): 'true' | 'false' => (b ? 'true' : 'false');
