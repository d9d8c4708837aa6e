import type { FastifyRequest } from 'fastify';
import type { FederationUserRecord } from '../../shared/contract/catalog.js';
import type { AppContext } from '../context.js';
import { alerts, badRequest, successAlert } from '../http/errors.js';
import { toInteger } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import type { FederationUser } from '../store/federation-users.js';
import { assignFederationUsers, listFederationUsers, removeFederationUser } from '../services/federations/users.js';
import { federationUserSchema } from '../../shared/contract/catalog.js';
import { alertedEnvelope, alertsOnly, bool, envelope, int, list, record } from '../../shared/contract/schema.js';

const federationUserRecord = (u: FederationUser): FederationUserRecord => ({
  id: u.id,
  username: u.username,
  company: u.company,
  role: u.role,
  email: u.email,
  fullName: u.fullName,
});

const assignSchema = {
  body: {
    type: ['object', 'null'],
    properties: {
      userIds: { type: ['array', 'null'], items: { type: 'integer' } },
      replace: { type: ['boolean', 'null'] },
    },
  },
  response: { 200: alertedEnvelope(record({ userIds: { type: 'array', items: int }, replace: bool })) },
};

interface AssignBody {
  userIds?: number[] | null;
  replace?: boolean | null;
}

function federationId(request: FastifyRequest): number {
  const id = toInteger((request.params as { id: string }).id);
  if (id === null) throw badRequest('federation id must be an integer');
  return id;
}

async function listUsers(ctx: AppContext, request: FastifyRequest) {
  const users = await listFederationUsers(ctx, caller(request), federationId(request));
  return { response: users.map(federationUserRecord) };
}

async function assignUsers(ctx: AppContext, request: FastifyRequest) {
  const id = federationId(request);
  const body = (request.body ?? {}) as AssignBody;
  if (body.userIds === undefined || body.userIds === null) throw badRequest('userIds: is required.');
  const userIds = body.userIds;
  // The schema takes 1e20 as an integer; beyond the safe range it reached PostgreSQL's bigint cast (a 500).
  const unsafe = userIds.findIndex((u) => !Number.isSafeInteger(u));
  if (unsafe >= 0) throw badRequest(`'userIds.${unsafe}' must be an integer`);
  const replace = body.replace ?? false;
  const { cname, count } = await assignFederationUsers(ctx, caller(request), id, userIds, replace);
  return {
    ...alerts(successAlert(`${count} user(s) were assigned to the ${cname} federation`)),
    response: { userIds, replace },
  };
}

async function removeUser(ctx: AppContext, request: FastifyRequest) {
  const id = federationId(request);
  const userId = toInteger((request.params as { userId: string }).userId);
  if (userId === null) throw badRequest('user id must be an integer');
  const { cname, username } = await removeFederationUser(ctx, caller(request), id, userId);
  return alerts(successAlert(`Removed user [ ${username} ] from federation [ ${cname} ]`));
}

/** GET/POST federations/:id/users and DELETE federations/:id/users/:userId (1.2+, BEHAVIOR.md §7). */
export function federationUserRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      cache: [
        'federations',
        'federation_deliveryservices',
        'deliveryservices',
        'federation_users',
        'users',
        'roles',
        'tenants',
      ],
      url: '/federations/:id/users',
      since: '1.2',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(list(federationUserSchema)) } },
      handler: (request) => listUsers(ctx, request),
    },
    {
      method: 'POST',
      url: '/federations/:id/users',
      since: '1.2',
      auth: PRIV.ADMIN,
      schema: assignSchema,
      handler: (request) => assignUsers(ctx, request),
    },
    {
      method: 'DELETE',
      url: '/federations/:id/users/:userId',
      since: '1.2',
      auth: PRIV.ADMIN,
      schema: { response: { 200: alertsOnly } },
      handler: (request) => removeUser(ctx, request),
    },
  ];
}
