import type { AtsDeliveryService, AtsServerContext } from './context.js';
import { cachedServices, fqdnOf, header, isMid, multiline, originText, originUri } from './header.js';

/** The hostname clients ask the edge for: `<routingName>.<xmlId>.<cdn domain>`. */
export const edgeHost = (ds: Pick<AtsDeliveryService, 'routingName' | 'xmlId'>, cdnDomain: string): string =>
  `${ds.routingName}.${ds.xmlId}.${cdnDomain}`.toLowerCase();

/** The remap plugins of one delivery service on an EDGE, in the order ATS runs them. */
function edgePlugins(ds: AtsDeliveryService): string[] {
  const plugins: string[] = [];
  if (ds.edgeHeaderRewrite) plugins.push(`@plugin=header_rewrite.so @pparam=hdr_rw_${ds.xmlId}.config`);
  if (ds.qstringIgnore === 1) plugins.push('@plugin=cachekey.so @pparam=--remove-all-params=true');
  if (ds.qstringIgnore === 2) plugins.push('@plugin=regex_remap.so @pparam=drop_qstring.config');
  if (ds.rangeRequestHandling === 1) plugins.push('@plugin=background_fetch.so @pparam=--config=bg_fetch.config');
  if (ds.rangeRequestHandling === 2) plugins.push('@plugin=cache_range_requests.so');
  if (ds.regexRemap) plugins.push(`@plugin=regex_remap.so @pparam=regex_remap_${ds.xmlId}.config`);
  if (ds.remapText) plugins.push(ds.remapText.replace(/__RETURN__|\r?\n/g, ' ').trim());
  return plugins;
}

/** The remap plugins of one delivery service on a MID: its mid header rewrite, and the query string kept out of the key. */
function midPlugins(ds: AtsDeliveryService): string[] {
  const plugins: string[] = [];
  if (ds.midHeaderRewrite) plugins.push(`@plugin=header_rewrite.so @pparam=hdr_rw_mid_${ds.xmlId}.config`);
  if (ds.qstringIgnore === 1) plugins.push('@plugin=cachekey.so @pparam=--remove-all-params=true');
  if (ds.rangeRequestHandling === 2) plugins.push('@plugin=cache_range_requests.so');
  return plugins;
}

const line = (from: string, to: string, plugins: string[]): string =>
  `${['map', `${from}/`, `${to}/`, ...plugins].join(' ')}\n`;

function edgeLines(ctx: Pick<AtsServerContext, 'deliveryServices' | 'cdn'>): string {
  let text = '';
  for (const ds of cachedServices(ctx.deliveryServices)) {
    const origin = originUri(ds.orgServerFqdn as string);
    if (!origin) continue;
    text += line(`http://${edgeHost(ds, ctx.cdn.domainName)}`, originText(origin), edgePlugins(ds));
  }
  for (const ds of ctx.deliveryServices.filter((d) => d.active && d.type === 'ANY_MAP' && d.remapText)) {
    text += multiline(ds.remapText as string);
  }
  return text;
}

/**
 * A MID maps each origin to itself (the edges ask it for the origin's URL); one line per origin. While a service's
 * origin changes (issue 32) its previous origins are mapped too, after every current one: an EDGE that has not
 * applied the change yet still asks for the old one, and must not get 404.
 */
function midLines(ctx: Pick<AtsServerContext, 'deliveryServices'>): string {
  const seen = new Set<string>();
  let text = '';
  const add = (url: string, ds: AtsDeliveryService) => {
    const uri = originUri(url);
    const origin = uri && originText(uri);
    if (!origin || seen.has(origin)) return;
    seen.add(origin);
    text += line(origin, origin, midPlugins(ds));
  };
  const services = cachedServices(ctx.deliveryServices);
  for (const ds of services) add(ds.orgServerFqdn as string, ds);
  for (const ds of services) for (const url of ds.previousOrigins ?? []) add(url, ds);
  return text;
}

/**
 * remap.config. EDGE: one rule per assigned delivery service from `http://<routingName>.<xmlId>.<cdn domain>/`
 * to its origin, with its plugins; parent.config then sends the request to the MID tier. MID: one rule per
 * origin, to itself, and per previous origin still in transition. Delivery services are in xmlId order.
 */
export function renderRemap(ctx: Pick<AtsServerContext, 'server' | 'deliveryServices' | 'cdn' | 'version'>): string {
  const body = isMid(ctx.server) ? midLines(ctx) : edgeLines(ctx);
  return header('remap.config', fqdnOf(ctx.server), ctx.version) + body;
}
