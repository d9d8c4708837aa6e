import type { DeliveryService, PrimaryOrigin } from '../store/deliveryservices.js';
import type { Origin } from '../store/origins.js';
import type { Parameter } from '../store/parameters.js';
import type { AtsDeliveryService, AtsParameter } from './context.js';

/*
 * Store records to generator input, purely: what the routes that serve the config files use (the server and
 * cache-group records come with the caches' store, issue 15).
 */

/** `orgServerFqdn` as the API writes it: `<protocol>://<fqdn>[:<port>]`. */
export function originUrl(origin: PrimaryOrigin): string {
  return `${origin.protocol}://${origin.fqdn}${origin.port === null ? '' : `:${origin.port}`}`;
}

/**
 * A delivery service with its origins (every origin of the service; the primary gives orgServerFqdn) and the
 * previous primary origins still in transition (issue 32; the current one is left out).
 */
export function atsDeliveryService(
  ds: DeliveryService,
  origins: readonly Origin[],
  previous: readonly string[] = [],
): AtsDeliveryService {
  const own = origins.filter((o) => o.deliveryServiceId === ds.id);
  const primary = ds.primaryOrigin ?? own.find((o) => o.isPrimary) ?? null;
  const current = primary ? originUrl(primary) : null;
  const previousOrigins = [...new Set(previous)].filter((url) => url !== current);
  return {
    xmlId: ds.xmlId,
    type: ds.typeName,
    active: ds.active,
    routingName: ds.routingName,
    orgServerFqdn: current,
    qstringIgnore: ds.qstringIgnore,
    edgeHeaderRewrite: ds.edgeHeaderRewrite,
    midHeaderRewrite: ds.midHeaderRewrite,
    regexRemap: ds.regexRemap,
    rangeRequestHandling: ds.rangeRequestHandling,
    remapText: ds.remapText,
    multiSiteOrigin: ds.multiSiteOrigin,
    originShield: ds.originShield,
    origins: own.map((o) => ({
      name: o.name,
      fqdn: o.fqdn,
      protocol: o.protocol,
      port: o.port,
      cachegroup: o.cachegroup,
    })),
    ...(previousOrigins.length > 0 ? { previousOrigins } : {}),
  };
}

/** A profile's parameters as the generators read them. */
export function atsParameters(params: readonly Parameter[]): AtsParameter[] {
  return params.map((p) => ({ name: p.name, configFile: p.configFile, value: p.value }));
}
