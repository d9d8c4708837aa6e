import type { FastifySchema } from 'fastify';
import { goShapes, type ApiVersion } from '../versions.js';

type Responses = NonNullable<FastifySchema['response']>;

/**
 * A route's `responseAt` when its 200 answer takes the seed's shape up to 1.3 and Traffic Ops' Go shape from 1.4
 * (BEHAVIOR.md §1): each version serializes through the one that describes it.
 */
export const seedOrGo =
  (seed: unknown, go: unknown) =>
  (version: ApiVersion): Responses => ({ 200: goShapes(version) ? go : seed });
