import { ORIGIN_QUERY_KEYS } from './query.js';

const nullable = (type: 'string' | 'integer') => ({ type: [type, 'null'] });

/** One origin as the API answers it; serialization follows this schema (fast, and nothing else leaks). */
export const originRecordSchema = {
  type: 'object',
  properties: {
    cachegroup: nullable('string'),
    cachegroupId: nullable('integer'),
    coordinate: nullable('string'),
    coordinateId: nullable('integer'),
    deliveryService: nullable('string'),
    deliveryServiceId: nullable('integer'),
    fqdn: { type: 'string' },
    id: { type: 'integer' },
    ip6Address: nullable('string'),
    ipAddress: nullable('string'),
    isPrimary: { type: 'boolean' },
    lastUpdated: { type: 'string' },
    name: { type: 'string' },
    port: nullable('integer'),
    profile: nullable('string'),
    profileId: nullable('integer'),
    protocol: { type: 'string' },
    tenant: nullable('string'),
    tenantId: nullable('integer'),
  },
  required: ['id', 'fqdn', 'name', 'protocol', 'isPrimary'],
} as const;

const alertsSchema = {
  type: 'array',
  items: { type: 'object', properties: { text: { type: 'string' }, level: { type: 'string' } }, required: ['text', 'level'] },
} as const;

/** GET origins: every query value arrives as a string (a repeated key is refused by its type). */
export const listOriginsSchema = {
  querystring: {
    type: 'object',
    properties: Object.fromEntries(ORIGIN_QUERY_KEYS.map((key) => [key, { type: 'string' }])),
  },
  response: {
    200: {
      type: 'object',
      properties: { alerts: alertsSchema, response: { type: 'array', items: originRecordSchema } },
      required: ['response'],
    },
  },
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

const writeResponseSchema = {
  200: {
    type: 'object',
    properties: { alerts: alertsSchema, response: originRecordSchema },
    required: ['alerts', 'response'],
  },
};

const idQuerySchema = { type: 'object', properties: { id: { type: 'string' } } };

export const createOriginSchema = { body: originBodySchema, response: writeResponseSchema };
export const updateOriginSchema = { querystring: idQuerySchema, body: originBodySchema, response: writeResponseSchema };
export const deleteOriginSchema = { querystring: idQuerySchema };
