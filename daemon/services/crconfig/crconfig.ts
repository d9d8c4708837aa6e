import type { CrConfig, CrConfigSection, CrOverride, CrStats } from '../../../shared/contract/crconfig.js';
import { ApiError } from '../errors.js';
import { deliveryServices, type TtlOverrides } from './delivery-services.js';
import type { CdnTopology } from './load.js';
import { paramsIn, sortedMap, strBool } from './params.js';
import { contentRouters, contentServers, edgeLocations, monitors, routerLocations } from './servers.js';

/** Who and what made a CRConfig: its stats (reference §1.4). */
export interface CrMeta {
  /** Epoch milliseconds. */
  now: number;
  user: string;
  version: string;
  /** Set by the reads that add it (snapshot/new); never stored. */
  tmPath?: string;
}

/** The keys that two profiles may not set differently (Traffic Ops failed the build with 500). */
const SHARED = /^(tld\.|LogRequestHeaders$)/;

/** Every CRConfig.json parameter of the CDN's server profiles, one value per name (byte order of profile names). */
function crParameters(t: CdnTopology): Map<string, string> {
  const values = new Map<string, string>();
  const from = new Map<string, string>();
  const used = [...new Set(t.servers.map((s) => s.profile))].sort();
  for (const profile of used) {
    for (const p of paramsIn(t, profile, 'CRConfig.json')) {
      const before = values.get(p.name);
      if (before !== undefined && before !== p.value && SHARED.test(p.name))
        throw new ApiError(500, `profiles ${from.get(p.name)} and ${profile} have conflicting values for ${p.name}`);
      if (before === undefined || SHARED.test(p.name)) {
        values.set(p.name, p.value);
        from.set(p.name, profile);
      }
    }
  }
  return values;
}

function override(value: string): CrOverride {
  const match = /^([^;]+);(-?[\d.]+),(-?[\d.]+)$/.exec(value.trim());
  if (!match) throw new ApiError(500, `malformed maxmind.default.override parameter: '${value}'`);
  return { countryCode: match[1], lat: Number(match[2]), long: Number(match[3]) };
}

function configSection(t: CdnTopology, params: Map<string, string>): CrConfigSection {
  const soa: [string, string][] = [];
  const ttls: [string, string][] = [];
  const plain: [string, string][] = [];
  const overrides: CrOverride[] = [];
  let requestHeaders: string[] | null = null;
  for (const [name, value] of params) {
    if (name.startsWith('tld.soa.')) soa.push([name.slice(8), value]);
    else if (name.startsWith('tld.ttls.')) ttls.push([name.slice(9), value]);
    else if (name === 'LogRequestHeaders') requestHeaders = value.split('__RETURN__').map((h) => h.trim());
    else if (name === 'maxmind.default.override') overrides.push(override(value));
    else plain.push([name, value]);
  }
  plain.push(['domain_name', t.cdn.domainName], ['dnssec.enabled', strBool(t.cdn.dnssecEnabled)]);
  return sortedMap<CrConfigSection[string]>([
    ...plain,
    ...(soa.length ? [['soa', sortedMap(soa)] as [string, Record<string, string>]] : []),
    ...(ttls.length ? [['ttls', sortedMap(ttls)] as [string, Record<string, string>]] : []),
    ...(requestHeaders ? [['requestHeaders', requestHeaders] as [string, string[]]] : []),
    ...(overrides.length ? [['maxmindDefaultOverride', overrides] as [string, CrOverride[]]] : []),
  ]);
}

/** tm_host: host[:port] of the global `tm.url`, "" without one. */
function tmHost(url: string | null): string {
  if (!url) return '';
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function stats(t: CdnTopology, meta: CrMeta): CrStats {
  return {
    CDN_name: t.cdn.name,
    ...(meta.tmPath ? { tm_path: meta.tmPath } : {}),
    tm_host: tmHost(t.tmUrl),
    tm_user: meta.user,
    tm_version: meta.version,
    date: Math.floor(meta.now / 1000),
  };
}

const nonEmpty = <K extends string, V>(key: K, map: Record<string, V>) =>
  (Object.keys(map).length ? { [key]: map } : {}) as Partial<Record<K, Record<string, V>>>;

/** The CRConfig of a CDN from its topology (reference §1.4); pure. */
export function buildCrConfig(t: CdnTopology, meta: CrMeta): CrConfig {
  const params = crParameters(t);
  const ttlOverrides: TtlOverrides = {
    ...(params.has('tld.ttls.NS') ? { NS: params.get('tld.ttls.NS') } : {}),
    ...(params.has('tld.ttls.SOA') ? { SOA: params.get('tld.ttls.SOA') } : {}),
  };
  return {
    config: configSection(t, params),
    ...nonEmpty('contentServers', contentServers(t)),
    ...nonEmpty('contentRouters', contentRouters(t)),
    ...nonEmpty('deliveryServices', deliveryServices(t, ttlOverrides)),
    ...nonEmpty('edgeLocations', edgeLocations(t)),
    ...nonEmpty('trafficRouterLocations', routerLocations(t)),
    ...nonEmpty('monitors', monitors(t)),
    stats: stats(t, meta),
  };
}
