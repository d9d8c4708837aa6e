import type { AtsDeliveryService, AtsServer, AtsServerContext } from './context.js';
import { cachedServices, fqdnOf, header, isMid, originUri, servesTraffic, type OriginUri } from './header.js';

/** The weight Traffic Ops gave every parent when no `weight` parameter says otherwise. */
const WEIGHT = '0.999';

/** `"host:port|weight;…"` of the servers that take traffic, in host order; null when none does. */
function parentList(servers: readonly AtsServer[]): string | null {
  const entries = servers
    .filter(servesTraffic)
    .map((s) => `${fqdnOf(s)}:${s.tcpPort}|${WEIGHT}`)
    .sort();
  return entries.length === 0 ? null : `"${[...new Set(entries)].join(';')}"`;
}

const qstring = (ds: AtsDeliveryService): string => (ds.qstringIgnore === 0 ? 'consider' : 'ignore');

/**
 * One line per origin (the first delivery service using it decides); the origin's scheme port is explicit. With
 * `previous` (a MID), each service's previous origins still in transition follow every current one (issue 32).
 */
function perOrigin(
  services: readonly AtsDeliveryService[],
  lineFor: (ds: AtsDeliveryService, o: OriginUri) => string,
  previous = false,
): string {
  const seen = new Set<string>();
  let text = '';
  const add = (url: string, ds: AtsDeliveryService) => {
    const origin = originUri(url);
    const key = origin && `${origin.host}:${origin.port}`;
    if (!origin || !key || seen.has(key)) return;
    seen.add(key);
    text += `dest_domain=${origin.host} port=${origin.port} ${lineFor(ds, origin)}\n`;
  };
  const cached = cachedServices(services);
  for (const ds of cached) add(ds.orgServerFqdn as string, ds);
  if (previous) for (const ds of cached) for (const url of ds.previousOrigins ?? []) add(url, ds);
  return text;
}

function edgeLine(ds: AtsDeliveryService, primary: string | null, secondary: string | null): string {
  if (ds.originShield)
    return `parent="${ds.originShield}" round_robin=consistent_hash go_direct=true qstring=${qstring(ds)}`;
  if (primary === null) return 'go_direct=true';
  const second = secondary === null ? '' : ` secondary_parent=${secondary}`;
  return `parent=${primary}${second} round_robin=consistent_hash go_direct=false qstring=${qstring(ds)}`;
}

/** A MID goes to the origin, or for multi-site origin to the delivery service's origins as non-proxy parents. */
function midLine(ds: AtsDeliveryService): string {
  const origins = ds.origins
    .map((o) => `${o.fqdn.toLowerCase()}:${o.port ?? (o.protocol === 'https' ? 443 : 80)}|${WEIGHT}`)
    .sort();
  if (!ds.multiSiteOrigin || origins.length === 0) return 'go_direct=true';
  return `parent="${origins.join(';')}" round_robin=consistent_hash go_direct=false parent_is_proxy=false qstring=${qstring(ds)}`;
}

/**
 * parent.config (ATS 9). EDGE: each origin goes through the servers of the primary parent cache group, with the
 * secondary parent cache group's as `secondary_parent`, or straight to the origin shield where one is set;
 * anything else follows the parents too (`dest_domain=.`). MID: each origin direct, or its origins for MSO, and
 * each previous origin still in transition the same way.
 */
export function renderParent(
  ctx: Pick<AtsServerContext, 'server' | 'parents' | 'secondaryParents' | 'deliveryServices' | 'version'>,
): string {
  const top = header('parent.config', fqdnOf(ctx.server), ctx.version);
  if (isMid(ctx.server)) return top + perOrigin(ctx.deliveryServices, midLine, true);
  const primary = parentList(ctx.parents);
  const secondary = parentList(ctx.secondaryParents);
  const body = perOrigin(ctx.deliveryServices, (ds) => edgeLine(ds, primary, secondary));
  const fallback =
    primary === null ? '' : `dest_domain=. parent=${primary} round_robin=consistent_hash go_direct=false\n`;
  return top + body + fallback;
}
