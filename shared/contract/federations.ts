// Federation records of issue 31 as Traffic Ops 1.x served them: a federation user's own resolver mappings,
// CDN federations, federation resolvers and a federation's delivery services.
import { int, list, nullableText, record, text, textList, type FromSchema } from './schema.js';

/** One federation in a mapping: resolve4/resolve6 are absent when empty. */
export const federationMappingSchema = record({ ttl: int, cname: text, resolve4: textList, resolve6: textList }, [
  'resolve4',
  'resolve6',
]);
/** GET federations: per delivery service, the caller's federations on it (key order as Traffic Ops). */
export const userFederationSchema = record({ mappings: list(federationMappingSchema), deliveryService: text });
export type UserFederationRecord = FromSchema<typeof userFederationSchema>;

/** A mapping request item: `{deliveryService, mappings: {resolve4, resolve6}}`. */
export interface FederationMappingRequest {
  deliveryService: string;
  mappings: { resolve4?: string[] | null; resolve6?: string[] | null };
}

/** GET cdns/{name}/federations: one row per federation and delivery service of the CDN. */
export const cdnFederationSchema = record(
  {
    id: int,
    cname: text,
    ttl: int,
    description: nullableText,
    lastUpdated: text,
    deliveryService: record({ id: int, xmlId: text }),
  },
  ['deliveryService'],
);
export type CdnFederationRecord = FromSchema<typeof cdnFederationSchema>;

/** A federation resolver (GET federation_resolvers). */
export const federationResolverSchema = record({ id: int, ipAddress: text, lastUpdated: text, type: text });
export type FederationResolverRecord = FromSchema<typeof federationResolverSchema>;

/** A resolver of a federation (GET federations/{id}/federation_resolvers). */
export const federationResolverLinkSchema = record({ id: int, ipAddress: text, type: text });

/** A delivery service of a federation (GET federations/{id}/deliveryservices). */
export const federationDeliveryServiceSchema = record({ id: int, cdn: text, type: text, xmlId: text });
export type FederationDeliveryServiceRecord = FromSchema<typeof federationDeliveryServiceSchema>;
