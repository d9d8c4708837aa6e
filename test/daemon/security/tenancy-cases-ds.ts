import { expect } from 'vitest';
import type { TenancyEntry } from './tenancy-cases.js';

/*
 * Tenancy cases of the delivery-service writes, regexes, health and user links (issue 31): a tenant-a caller
 * asking about the root tenant's ds1 and ds3. Writes refuse with Traffic Ops' 403 `not authorized on this tenant`
 * (regex writes: the delivery service is not found, BEHAVIOR.md "Delivery services"); reads answer as for a
 * missing delivery service.
 */

const isEmptyList = (r: unknown) => expect(r).toEqual([]);
const NOT_AUTHORIZED = 'not authorized on this tenant';
const anyBody = (xmlId: string) => ({
  xmlId,
  displayName: xmlId,
  active: true,
  dscp: 0,
  geoLimit: 0,
  geoProvider: 0,
  logsEnabled: false,
  regionalGeoBlocking: false,
});

export const DS_TENANCY: Record<string, TenancyEntry> = {
  'GET /deliveryservices/:id/regexes': {
    why: 'an invisible delivery service has no regexes to show',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/deliveryservices/${ids.deliveryServices.ds1}/regexes`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
    ],
  },
  'GET /deliveryservices/:id/regexes/:regexId': {
    why: 'an invisible delivery service has no regexes to show',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/deliveryservices/${ids.deliveryServices.ds1}/regexes/${ids.regexes.ds1}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
    ],
  },
  'POST /deliveryservices/:id/regexes': {
    why: 'an invisible delivery service is not found',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'POST',
        url: (ids) => `/api/1.5/deliveryservices/${ids.deliveryServices.ds1}/regexes`,
        body: (ids) => ({ pattern: '/x/.*', type: ids.regexes.pathType, setNumber: 5 }),
        status: 404,
        text: 'Not Found',
      },
    ],
  },
  'PUT /deliveryservices/:id/regexes/:regexId': {
    why: 'an invisible delivery service is not found',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'PUT',
        url: (ids) => `/api/1.5/deliveryservices/${ids.deliveryServices.ds1}/regexes/${ids.regexes.ds1}`,
        body: (ids) => ({ pattern: '/x/.*', type: ids.regexes.pathType, setNumber: 0 }),
        status: 404,
        text: 'Not Found',
      },
    ],
  },
  'DELETE /deliveryservices/:id/regexes/:regexId': {
    why: 'an invisible delivery service is not found',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'DELETE',
        url: (ids) => `/api/1.5/deliveryservices/${ids.deliveryServices.ds1}/regexes/${ids.regexes.ds1}`,
        status: 404,
        text: 'Not Found',
      },
    ],
  },
  'GET /deliveryservices/:id/health': {
    why: 'an invisible delivery service is not found',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/deliveryservices/${ids.deliveryServices.ds3}/health`,
        status: 404,
        text: 'delivery service not found',
      },
    ],
  },
  'GET /deliveryservices/:id/capacity': {
    why: 'an invisible delivery service is not found',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/deliveryservices/${ids.deliveryServices.ds3}/capacity`,
        status: 404,
        text: 'delivery service not found',
      },
    ],
  },
  'GET /deliveryservices/:id/routing': {
    why: 'an invisible delivery service is not found',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/deliveryservices/${ids.deliveryServices.ds3}/routing`,
        status: 404,
      },
    ],
  },
  'DELETE /deliveryservice_user/:dsId/:userId': {
    why: 'cannot unlink a user from an invisible delivery service (Perl: 403)',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'DELETE',
        url: (ids) => `/api/1.5/deliveryservice_user/${ids.deliveryServices.ds1}/${ids.users.ro_user}`,
        status: 403,
      },
    ],
  },
  'PUT /deliveryservices/:id': {
    why: 'cannot change a delivery service of an invisible tenant',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'PUT',
        url: (ids) => `/api/1.5/deliveryservices/${ids.deliveryServices.ds3}`,
        body: (ids) => ({
          ...anyBody('ds3'),
          cdnId: ids.cdn.id,
          typeId: ids.anyMapType,
          tenantId: ids.tenants.tenantA,
        }),
        status: 403,
        text: NOT_AUTHORIZED,
      },
    ],
  },
  'PUT /deliveryservices/:id/safe': {
    why: 'cannot change a delivery service of an invisible tenant',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'PUT',
        url: (ids) => `/api/1.5/deliveryservices/${ids.deliveryServices.ds3}/safe`,
        body: () => ({ displayName: 'mine now' }),
        status: 403,
        text: NOT_AUTHORIZED,
      },
    ],
  },
  'DELETE /deliveryservices/:id': {
    why: 'cannot delete a delivery service of an invisible tenant',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'DELETE',
        url: (ids) => `/api/1.5/deliveryservices/${ids.deliveryServices.ds3}`,
        status: 403,
        text: NOT_AUTHORIZED,
      },
    ],
  },
};
