import { createHash } from 'node:crypto';
import type { FastifyReply, FastifySchema } from 'fastify';
import { goShapes, seedShape, type ApiVersion, type SeedRecord } from '../versions.js';

type Responses = NonNullable<FastifySchema['response']>;

/**
 * A route's `responseAt` when its 200 answer takes the seed's shape up to 1.3 and Traffic Ops' Go shape from 1.4
 * (BEHAVIOR.md §1): each version serializes through the one that describes it.
 */
export const seedOrGo =
  (seed: unknown, go: unknown) =>
  (version: ApiVersion): Responses => ({ 200: goShapes(version) ? go : seed });

/**
 * A route's `responseAt` when its 200 answer takes the seed's shape at the versions the seed fixes for `record`
 * and Traffic Ops' own 1.x shape at every other (BEHAVIOR.md, issue 34).
 */
export const seedAtOrGo =
  (record: SeedRecord, seed: unknown, go: unknown) =>
  (version: ApiVersion): Responses => ({ 200: seedShape(record, version) ? seed : go });

/**
 * A cache configuration file as the answer: text, with `Whole-Content-SHA512` (base64 of the SHA-512 of the
 * body), which Traffic Ops set on every answer and ORT checks a file against when it is there.
 */
export function textFile(reply: FastifyReply, body: string): string {
  reply.type('text/plain; charset=utf-8');
  reply.header('whole-content-sha512', createHash('sha512').update(body, 'utf8').digest('base64'));
  return body;
}
