import { ORIGIN_QUERY_KEYS } from './query.js';
import { originSchema } from '../../../shared/contract/origins.js';
import { alertedEnvelope, alertsOnly, list, maybeAlerted } from '../../../shared/contract/schema.js';

const nullable = (type: 'string' | 'integer') => ({ type: [type, 'null'] });

/** One origin as the API answers it; serialization follows this schema (fast, and nothing else leaks). */
export const originRecordSchema = originSchema;

/** GET origins: every query value arrives as a string (a repeated key is refused by its type). */
export const listOriginsSchema = {
  querystring: {
    type: 'object',
    properties: Object.fromEntries(ORIGIN_QUERY_KEYS.map((key) => [key, { type: 'string' }])),
  },
  // With warnings (an unknown orderby) alerts lead; the list is rendered by the store, not by this schema.
  response: { 200: maybeAlerted(list(originRecordSchema)) },
};

/** The body of POST and PUT origins: types only; the rules and their texts are validateOrigin's. */
const originBodySchema = {
  type: ['object', 'null'],
  properties: {
    id: nullable('integer'),
    deliveryServiceId: nullable('integer'),
    fqdn: nullable('string'),
    name: nullable('string'),
    protocol: nullable('string'),
    port: nullable('integer'),
    ipAddress: nullable('string'),
    ip6Address: nullable('string'),
    cachegroupId: nullable('integer'),
    coordinateId: nullable('integer'),
    profileId: nullable('integer'),
    tenantId: nullable('integer'),
  },
};

const writeResponseSchema = { 200: alertedEnvelope(originRecordSchema) };

const idQuerySchema = { type: 'object', properties: { id: { type: 'string' } } };

export const createOriginSchema = { body: originBodySchema, response: writeResponseSchema };
export const updateOriginSchema = { querystring: idQuerySchema, body: originBodySchema, response: writeResponseSchema };
export const deleteOriginSchema = { querystring: idQuerySchema, response: { 200: alertsOnly } };
