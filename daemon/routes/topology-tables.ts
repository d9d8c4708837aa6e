import type { AppContext } from '../context.js';
import { placeRecord } from '../format/places.js';
import { withWarning } from '../http/deprecation.js';
import { alerts, warningAlert } from '../http/errors.js';
import { PRIV, type RouteDef } from '../http/route.js';
import {
  ASNS,
  COORDINATES,
  DIVISIONS,
  PHYS_LOCATIONS,
  REGIONS,
  STATUSES,
  TYPES,
} from '../services/places/resources.js';
import { atLeast } from '../versions.js';
import { placeRoutes } from './places.js';
import {
  asnSchema,
  coordinateSchema,
  divisionSchema,
  physLocationSchema,
  physLocationTrimmedSchema,
  regionByNameSchema,
  regionSchema,
  statusSchema,
  typeSchema,
} from '../../shared/contract/places.js';
import { alertedEnvelope, envelope, list, record } from '../../shared/contract/schema.js';

/** Traffic Ops' deprecation texts (reference §0, §3). */
export const DEPRECATED = {
  divisionById: "This endpoint is deprecated, please use GET /divisions with the 'id' parameter instead",
  divisionByName: "This endpoint is deprecated, please use GET /divisions with the 'name' parameter instead",
  regionByName: 'This endpoint is deprecated, please use GET /regions?name={{name}} instead',
  regionDelete: 'This endpoint is deprecated, please use DELETE /regions with query parameter id instead',
  typeById: "This endpoint is deprecated, please use GET /types with the 'id' query parameter instead",
  asnById: 'This endpoint is deprecated, please use GET /asns instead',
  physLocationsTrimmed: 'This endpoint is deprecated, please use GET /phys_locations instead',
  noAlternative: 'This endpoint is deprecated, and will be removed in the future',
} as const;

const nameParams = { type: 'object', properties: { name: { type: 'string', maxLength: 256 } } } as const;

/** GET divisions/name/{name}, regions/name/{name} and phys_locations/trimmed: the deprecated reads of their own. */
function namedReads(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/divisions/name/:name',
      since: '1.1',
      auth: PRIV.READ,
      schema: { params: nameParams, response: { 200: alertedEnvelope(list(divisionSchema)) } },
      handler: async (request) => {
        const warning = warningAlert(DEPRECATED.divisionByName);
        return withWarning(warning, async () => {
          const name = (request.params as { name: string }).name;
          const found = (await ctx.store.places.divisions.list()).filter((d) => d.name === name);
          return { ...alerts(warning), response: found.map(placeRecord) };
        });
      },
    },
    {
      method: 'GET',
      url: '/regions/name/:name',
      since: '1.1',
      auth: PRIV.READ,
      schema: { params: nameParams, response: { 200: alertedEnvelope(list(regionByNameSchema)) } },
      handler: async (request) => {
        const name = (request.params as { name: string }).name;
        const found = (await ctx.store.places.regions.list()).filter((r) => r.name === name);
        const response = found.map((r) => ({
          id: r.id,
          name: r.name,
          division: { id: r.division, name: r.divisionName },
        }));
        return { ...alerts(warningAlert(DEPRECATED.regionByName)), response };
      },
    },
    {
      method: 'GET',
      url: '/phys_locations/trimmed',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: alertedEnvelope(list(physLocationTrimmedSchema)) } },
      handler: async () => {
        const all = await ctx.store.places.physLocations.list();
        return {
          ...alerts(warningAlert(DEPRECATED.physLocationsTrimmed)),
          response: all.map((p) => ({ name: p.name })),
        };
      },
    },
  ];
}

/** ASNs at 1.1 answer `{"response":{"asns":[…]}}`; from 1.2 a plain array. */
const asnListAt = (version: Parameters<typeof atLeast>[0]) =>
  atLeast(version, '1.2') ? { 200: envelope(list(asnSchema)) } : { 200: envelope(record({ asns: list(asnSchema) })) };

/**
 * Divisions, regions, physical locations, coordinates, types, statuses and ASNs (issue 30, reference §3):
 * generic CRUD at the versions Traffic Ops served; reads need read-only, writes operations.
 */
export function topologyTableRoutes(ctx: AppContext): RouteDef[] {
  return [
    ...namedReads(ctx),
    ...placeRoutes(ctx, {
      resource: DIVISIONS,
      path: 'divisions',
      schema: divisionSchema,
      since: '1.1',
      byIdWarning: DEPRECATED.divisionById,
      pathWrites: {},
    }),
    ...placeRoutes(ctx, {
      resource: REGIONS,
      path: 'regions',
      schema: regionSchema,
      since: '1.1',
      byIdWarning: DEPRECATED.noAlternative,
      pathWrites: { deleteWarning: DEPRECATED.regionDelete },
    }),
    ...placeRoutes(ctx, {
      resource: PHYS_LOCATIONS,
      path: 'phys_locations',
      schema: physLocationSchema,
      since: '1.1',
      byIdWarning: DEPRECATED.noAlternative,
      pathWrites: {},
    }),
    ...otherTableRoutes(ctx),
  ];
}

/** Coordinates, types, statuses and ASNs. */
function otherTableRoutes(ctx: AppContext): RouteDef[] {
  return [
    ...placeRoutes(ctx, {
      resource: COORDINATES,
      path: 'coordinates',
      schema: coordinateSchema,
      since: '1.3',
      queryWrites: '1.3',
    }),
    ...placeRoutes(ctx, {
      resource: TYPES,
      path: 'types',
      schema: typeSchema,
      since: '1.1',
      byIdWarning: DEPRECATED.typeById,
      pathWrites: {},
    }),
    ...placeRoutes(ctx, {
      resource: STATUSES,
      path: 'statuses',
      schema: statusSchema,
      since: '1.1',
      byIdWarning: DEPRECATED.noAlternative,
      pathWrites: {},
    }),
    ...placeRoutes(ctx, {
      resource: ASNS,
      path: 'asns',
      schema: asnSchema,
      since: '1.1',
      byIdWarning: DEPRECATED.asnById,
      pathWrites: {},
      queryWrites: '1.3',
      listAt: asnListAt,
      wrapList: (version, records) => (atLeast(version, '1.2') ? records : { asns: records }),
    }),
  ];
}
