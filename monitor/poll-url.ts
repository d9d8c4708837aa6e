import type { MonitoredCache } from '../shared/contract/crconfig.js';

/** The poll URL when the profile names none: ATS's stats_over_http plugin at its default path. */
export const DEFAULT_POLL_URL = 'http://${hostname}/_stats';

/** Where a cache is reached: its IP address (without a prefix) or else its FQDN, with the port unless it is 80. */
export function cacheAuthority(cache: Pick<MonitoredCache, 'ip' | 'fqdn' | 'port'>): string {
  const host = cache.ip.split('/')[0] || cache.fqdn;
  return cache.port && cache.port !== 80 ? `${host}:${cache.port}` : host;
}

/**
 * The URL a cache is polled at: an override for its host name when given (`--poll-url host=url`), else the
 * profile's `health.polling.url` (or DEFAULT_POLL_URL) with `${hostname}` replaced by cacheAuthority and
 * `${interface_name}` by the cache's interface. Pure.
 */
export function pollUrl(
  cache: MonitoredCache,
  template: string | undefined,
  overrides: ReadonlyMap<string, string>,
): string {
  const override = overrides.get(cache.hostName);
  if (override) return override;
  return (template || DEFAULT_POLL_URL)
    .replaceAll('${hostname}', cacheAuthority(cache))
    .replaceAll('${interface_name}', cache.interfaceName);
}

/** `host=url` flags as a map; throws on one without `=`. */
export function parseOverrides(flags: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const flag of flags) {
    const at = flag.indexOf('=');
    if (at <= 0) throw new Error(`expected host=url, got "${flag}"`);
    out.set(flag.slice(0, at), flag.slice(at + 1));
  }
  return out;
}
