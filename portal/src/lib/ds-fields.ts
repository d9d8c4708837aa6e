import type { DsFormKey } from './ds-form';

// The delivery-service form's fields, grouped as Traffic Portal grouped them, and how each is entered.

/** Traffic Ops' delivery-service types (the daemon seeds these; a write may name its type instead of typeId). */
export const DS_TYPES = [
  'HTTP',
  'HTTP_NO_CACHE',
  'HTTP_LIVE',
  'HTTP_LIVE_NATNL',
  'DNS',
  'DNS_LIVE',
  'DNS_LIVE_NATNL',
  'ANY_MAP',
  'STEERING',
  'CLIENT_STEERING',
] as const;

/** How a field is entered: typed, chosen from fixed options, or chosen from a list the API answers. */
export type DsInput =
  | { kind: 'text'; mono?: boolean; placeholder?: string }
  | { kind: 'textarea' }
  | { kind: 'number'; placeholder?: string }
  | { kind: 'options'; options: ReadonlyArray<readonly [value: string, label: string]> }
  | { kind: 'lookup'; from: 'cdn' | 'tenant' | 'profile' }
  | { kind: 'readonly' };

export interface DsFieldSpec {
  key: DsFormKey;
  label: string;
  input: DsInput;
  hint?: string;
}

const yesNo = [
  ['true', 'Yes'],
  ['false', 'No'],
] as const;
const bool = { kind: 'options', options: yesNo } as const;
const text = { kind: 'text' } as const;
const mono = { kind: 'text', mono: true } as const;
const num = { kind: 'number' } as const;
const options = (...list: Array<readonly [string, string]>): DsInput => ({ kind: 'options', options: list });

/** The form's sections, in Traffic Portal's order. */
export const DS_GROUPS: ReadonlyArray<{ title: string; fields: readonly DsFieldSpec[] }> = [
  {
    title: 'Routing',
    fields: [
      { key: 'xmlId', label: 'Key (xmlId)', input: mono, hint: 'Letters, digits and dashes; no spaces or periods.' },
      { key: 'displayName', label: 'Display name', input: text },
      { key: 'type', label: 'Type', input: options(...DS_TYPES.map((t) => [t, t] as const)) },
      { key: 'cdnId', label: 'CDN', input: { kind: 'lookup', from: 'cdn' } },
      { key: 'tenantId', label: 'Tenant', input: { kind: 'lookup', from: 'tenant' } },
      { key: 'routingName', label: 'Routing name', input: mono, hint: 'The first label of the URL; cdn when empty.' },
      { key: 'active', label: 'Active', input: bool },
      {
        key: 'protocol',
        label: 'Protocol',
        input: options(['0', 'HTTP'], ['1', 'HTTPS'], ['2', 'HTTP and HTTPS'], ['3', 'HTTP redirected to HTTPS']),
      },
      { key: 'dscp', label: 'DSCP', input: num },
      { key: 'ipv6RoutingEnabled', label: 'IPv6 routing', input: bool },
      { key: 'profileId', label: 'Profile', input: { kind: 'lookup', from: 'profile' } },
      { key: 'initialDispersion', label: 'Initial dispersion', input: num },
      { key: 'missLat', label: 'Geo miss latitude', input: num },
      { key: 'missLong', label: 'Geo miss longitude', input: num },
      { key: 'ccrDnsTtl', label: 'Router DNS TTL', input: num },
      { key: 'maxDnsAnswers', label: 'Max DNS answers', input: num },
      { key: 'httpBypassFqdn', label: 'HTTP bypass FQDN', input: mono },
      { key: 'dnsBypassCname', label: 'DNS bypass CNAME', input: mono },
      { key: 'dnsBypassIp', label: 'DNS bypass IPv4', input: mono },
      { key: 'dnsBypassIp6', label: 'DNS bypass IPv6', input: mono },
      { key: 'dnsBypassTtl', label: 'DNS bypass TTL', input: num },
      { key: 'globalMaxMbps', label: 'Global max Mbps', input: num },
      { key: 'globalMaxTps', label: 'Global max TPS', input: num },
      { key: 'logsEnabled', label: 'Logs enabled', input: bool },
      { key: 'longDesc', label: 'Description', input: text },
      { key: 'longDesc1', label: 'Customer', input: text },
      { key: 'longDesc2', label: 'Service', input: text },
      { key: 'infoUrl', label: 'Info URL', input: mono },
      { key: 'checkPath', label: 'Check path', input: mono },
    ],
  },
  {
    title: 'Cache behaviour',
    fields: [
      {
        key: 'qstringIgnore',
        label: 'Query string handling',
        input: options(
          ['0', 'Use in cache key, pass up'],
          ['1', 'Leave out of cache key, pass up'],
          ['2', 'Drop at edge'],
        ),
      },
      {
        key: 'rangeRequestHandling',
        label: 'Range requests',
        input: options(['0', 'Do not cache'], ['1', 'Background fetch'], ['2', 'Cache range requests']),
      },
      { key: 'deepCachingType', label: 'Deep caching', input: options(['NEVER', 'Never'], ['ALWAYS', 'Always']) },
      { key: 'fqPacingRate', label: 'Fair-queuing pacing rate', input: num },
    ],
  },
  {
    title: 'Origin',
    fields: [
      {
        key: 'orgServerFqdn',
        label: 'Origin server base URL',
        input: { kind: 'text', mono: true, placeholder: 'http://origin.example.com' },
        hint: 'http:// or https://, a host name, an optional port; nothing after.',
      },
      { key: 'originShield', label: 'Origin shield', input: mono },
      { key: 'multiSiteOrigin', label: 'Multi-site origin', input: bool },
    ],
  },
  {
    title: 'Headers',
    fields: [
      { key: 'edgeHeaderRewrite', label: 'Edge header rewrite', input: { kind: 'textarea' } },
      { key: 'midHeaderRewrite', label: 'Mid header rewrite', input: { kind: 'textarea' } },
      { key: 'trRequestHeaders', label: 'Router log request headers', input: { kind: 'textarea' } },
      { key: 'trResponseHeaders', label: 'Router response headers', input: { kind: 'textarea' } },
      { key: 'regexRemap', label: 'Regex remap', input: { kind: 'textarea' } },
      { key: 'cacheurl', label: 'Cache URL expression', input: mono },
      { key: 'remapText', label: 'Raw remap text', input: mono },
    ],
  },
  {
    title: 'Security',
    fields: [
      {
        key: 'signingAlgorithm',
        label: 'Signing algorithm',
        input: options(['', 'None'], ['url_sig', 'URL signature'], ['uri_signing', 'URI signing']),
      },
      { key: 'sslKeyVersion', label: 'SSL key version', input: { kind: 'readonly' }, hint: 'Set by the key store.' },
      {
        key: 'geoLimit',
        label: 'Geo limit',
        input: options(['0', 'None'], ['1', 'CZF only'], ['2', 'CZF + countries']),
      },
      { key: 'geoLimitCountries', label: 'Geo limit countries', input: text, hint: 'Comma separated: US,CA' },
      { key: 'geoLimitRedirectURL', label: 'Geo limit redirect URL', input: mono },
      { key: 'geoProvider', label: 'Geo provider', input: options(['0', 'MaxMind'], ['1', 'Neustar']) },
      { key: 'regionalGeoBlocking', label: 'Regional geo blocking', input: bool },
      { key: 'anonymousBlockingEnabled', label: 'Anonymous blocking', input: bool },
    ],
  },
];
