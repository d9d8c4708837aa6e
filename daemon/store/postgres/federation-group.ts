import type { Store } from '../index.js';
import { pgFederationResolvers } from './federation-resolvers.js';
import { pgFederationWrites } from './federation-writes.js';
import type { PgPool } from './pool.js';

export type FederationGroup = Pick<Store, 'federationResolvers' | 'federationWrites'>;

/** Federation resolvers and federation writes on PostgreSQL (issue 31). */
export function pgFederationGroup(pool: PgPool): FederationGroup {
  return { federationResolvers: pgFederationResolvers(pool), federationWrites: pgFederationWrites(pool) };
}
