import type { Alert } from '../api/types';

/**
 * Texts of the topology API that name a field without Traffic Ops' `'<key>' ` prefix, by what they say: each
 * pattern's first group (when it has one) is the API's key, else `key` is.
 */
const NAMED: ReadonlyArray<{ pattern: RegExp; key?: string }> = [
  // `cachegroup name 'x' already exists.`, `cdn domain_name 'x' already exists.`, `physLocation short_name …`
  { pattern: /^\w+ (\w+) '.*' already exists\.$/ },
  { pattern: /^server with (hostName) '.*' already exists\.$/ },
  { pattern: /cannot be its own ancestor/, key: 'parentCachegroupId' },
  { pattern: /(?:not allowed to have fallbacks|not valid as a fallback)/, key: 'fallbacks' },
  { pattern: /is not a LocalizationMethod/, key: 'localizationMethods' },
  { pattern: /^(\w+) is a required field$/ },
  { pattern: /^missing property: '(\w+)'$/ },
  { pattern: /^(ipAddress) is not unique/ },
  { pattern: /for profile '.*' does not match Server CDN/, key: 'profileId' },
  { pattern: /^no such profile(?:Id)?:/, key: 'profileId' },
  { pattern: /^type is not a valid (?:server|cachegroup) type$/, key: 'typeId' },
  { pattern: /XMPPID is immutable/, key: 'xmppId' },
];

const camel = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The API key a part of an alert names, and the message to show under that field. */
function keyOf(part: string): { key: string; message: string } | null {
  const quoted = /^(?:\w+ )?'(\w+)' (.+)$/.exec(part) ?? /^(\w+): (.+)$/.exec(part);
  if (quoted) return { key: quoted[1], message: quoted[2] };
  for (const { pattern, key } of NAMED) {
    const m = pattern.exec(part);
    if (m) return { key: key ?? camel(m[1]), message: part };
  }
  return null;
}

/**
 * Splits the API's error alerts into a message per form field and the rest, for the Topology and Servers forms:
 * Traffic Ops' `'<key>' <text>` parts (several joined by `, `) and the texts above that name a field in words.
 * `aliases` maps an API key to the form's.
 */
export function topologyFieldErrors<K extends string>(
  alerts: readonly Alert[],
  fields: readonly K[],
  aliases: Partial<Record<string, K>> = {},
): { fields: Partial<Record<K, string>>; rest: Alert[] } {
  const known = (key: string): K | undefined =>
    aliases[key] ?? ((fields as readonly string[]).includes(key) ? (key as K) : undefined);
  const byField: Partial<Record<K, string>> = {};
  const rest: Alert[] = [];
  for (const alert of alerts) {
    if (alert.level !== 'error') {
      rest.push(alert);
      continue;
    }
    const left: string[] = [];
    for (const part of alert.text.split(/, (?=(?:\w+ )?'\w+' |\w+: )/)) {
      const named = keyOf(part);
      const field = named ? known(named.key) : undefined;
      if (field && named) byField[field] ??= named.message;
      else left.push(part);
    }
    if (left.length > 0) rest.push({ level: 'error', text: left.join(', ') });
  }
  return { fields: byField, rest };
}
