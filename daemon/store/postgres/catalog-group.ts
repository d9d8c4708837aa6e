import type { Store } from '../index.js';
import { pgCdns } from './cdns.js';
import { pgDeliveryServices } from './deliveryservices.js';
import { pgFederationUsers } from './federation-users.js';
import { pgFederations } from './federations.js';
import { pgOrigins } from './origins.js';
import { pgParameters } from './parameters.js';
import type { PgPool } from './pool.js';
import { pgProfiles } from './profiles.js';
import { pgTypeLookup } from './type-lookup.js';

export type CatalogGroup = Pick<
  Store,
  'parameters' | 'cdns' | 'deliveryServices' | 'federations' | 'federationUsers' | 'origins' | 'profiles' | 'typeLookup'
>;

/** Delivery services, origins, profiles, parameters, CDNs, federations and type lookups on PostgreSQL. */
export function pgCatalogGroup(pool: PgPool): CatalogGroup {
  return {
    parameters: pgParameters(pool),
    cdns: pgCdns(pool),
    deliveryServices: pgDeliveryServices(pool),
    federations: pgFederations(pool),
    federationUsers: pgFederationUsers(pool),
    origins: pgOrigins(pool),
    profiles: pgProfiles(pool),
    typeLookup: pgTypeLookup(pool),
  };
}
