import type { AtsDeliveryService, AtsParameter, AtsServer } from './context.js';

/**
 * The first line of every generated file. It names no time, so the same inputs give the same file and the
 * agent sees a change only where one is.
 */
export function header(fileName: string, target: string, version: string): string {
  return `# DO NOT EDIT - ${fileName} generated for ${target} by cdnctl ${version}\n`;
}

/** The values of the profile's parameters for one config file, in name order. */
export function paramsOf(params: readonly AtsParameter[], configFile: string): AtsParameter[] {
  return params
    .filter((p) => p.configFile === configFile)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.value < b.value ? -1 : 1));
}

/** The value of one parameter, or null. */
export function paramValue(params: readonly AtsParameter[], configFile: string, name: string): string | null {
  return params.find((p) => p.configFile === configFile && p.name === name)?.value ?? null;
}

/** A delivery-service text field as lines: Traffic Ops stores line breaks in them as `__RETURN__`. */
export function multiline(text: string): string {
  const lines = text
    .replace(/__RETURN__/g, '\n')
    .split(/\r?\n/)
    .map((l) => l.trim());
  return lines
    .filter((l) => l !== '')
    .map((l) => `${l}\n`)
    .join('');
}

export const isMid = (server: Pick<AtsServer, 'type'>): boolean => server.type.startsWith('MID');

export const fqdnOf = (server: Pick<AtsServer, 'hostName' | 'domainName'>): string =>
  server.domainName ? `${server.hostName}.${server.domainName}` : server.hostName;

/** A parent server counts when it is ONLINE or REPORTED (OFFLINE and ADMIN_DOWN caches take no traffic). */
export const servesTraffic = (server: Pick<AtsServer, 'status'>): boolean =>
  server.status === 'ONLINE' || server.status === 'REPORTED';

/** The origin of a delivery service as scheme, host and port (the scheme's port when the URL names none). */
export interface OriginUri {
  scheme: string;
  host: string;
  port: number;
}

/** Parsed origins by URL: every file of every cache parses the same few thousand (issue 32); bounded. */
const parsedOrigins = new Map<string, Readonly<OriginUri> | null>();
const PARSED_ORIGINS_MAX = 20_000;

export function originUri(url: string): Readonly<OriginUri> | null {
  let parsed = parsedOrigins.get(url);
  if (parsed !== undefined) return parsed;
  parsed = parseOriginUri(url);
  if (parsedOrigins.size >= PARSED_ORIGINS_MAX) parsedOrigins.clear();
  parsedOrigins.set(url, parsed === null ? null : Object.freeze(parsed));
  return parsed;
}

function parseOriginUri(url: string): OriginUri | null {
  const match = /^(https?):\/\/([^/:\s]+)(?::(\d+))?\/?$/i.exec(url.trim());
  if (!match) return null;
  const scheme = (match[1] as string).toLowerCase();
  return {
    scheme,
    host: (match[2] as string).toLowerCase(),
    port: match[3] ? Number(match[3]) : scheme === 'https' ? 443 : 80,
  };
}

/** `scheme://host[:port]`, leaving out the scheme's own port. */
export function originText(o: OriginUri): string {
  const defaultPort = o.scheme === 'https' ? 443 : 80;
  return `${o.scheme}://${o.host}${o.port === defaultPort ? '' : `:${o.port}`}`;
}

/** Delivery services that carry HTTP traffic through the caches (not steering, not ANY_MAP). */
/** The answer per services array while it keeps its length: every renderer of a cache asks (issue 32). */
const cachedOf = new WeakMap<readonly AtsDeliveryService[], { length: number; services: AtsDeliveryService[] }>();

export function cachedServices(services: readonly AtsDeliveryService[]): AtsDeliveryService[] {
  const kept = cachedOf.get(services);
  if (kept && kept.length === services.length) return [...kept.services];
  const chosen = chooseCached(services);
  cachedOf.set(services, { length: services.length, services: chosen });
  return [...chosen];
}

function chooseCached(services: readonly AtsDeliveryService[]): AtsDeliveryService[] {
  return services
    .filter(
      (ds) => ds.active && /^(HTTP|DNS)/.test(ds.type) && ds.orgServerFqdn !== null && originUri(ds.orgServerFqdn),
    )
    .sort((a, b) => (a.xmlId < b.xmlId ? -1 : a.xmlId > b.xmlId ? 1 : 0));
}
