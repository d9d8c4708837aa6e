import type { Store } from '../store/index.js';
import { pending } from './pending.js';
import type { PgPool } from './pool.js';

export type CatalogGroup = Pick<
  Store,
  'parameters' | 'cdns' | 'deliveryServices' | 'federations' | 'federationUsers' | 'origins' | 'profiles' | 'typeLookup'
>;

/** Delivery services, origins, profiles, parameters, CDNs, federations and type lookups on PostgreSQL. */
export function pgCatalogGroup(_pool: PgPool): CatalogGroup {
  return {
    parameters: pending('parameters'),
    cdns: pending('cdns'),
    deliveryServices: pending('deliveryServices'),
    federations: pending('federations'),
    federationUsers: pending('federationUsers'),
    origins: pending('origins'),
    profiles: pending('profiles'),
    typeLookup: pending('typeLookup'),
  };
}
