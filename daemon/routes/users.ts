import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { userReadRecord } from '../format/users.js';
import { parseIntegerParam } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../services/tenant-access.js';
import { atLeast, seedShape } from '../versions.js';
import { seedAtOrGo } from '../http/responses.js';
import { goUserGetSchema } from '../../shared/contract/go-users.js';
import { envelope, list } from '../../shared/contract/schema.js';
import { userReadSchema } from '../../shared/contract/users.js';
import { createUserRoutes } from './users-create.js';
import { usersFilter, type UsersQuery } from './users-list-query.js';
import { registerUserRoutes } from './users-register.js';
import { updateUserRoutes } from './users-update.js';

const text = { type: 'string' } as const;
const listSchema = {
  querystring: {
    type: 'object',
    properties: {
      id: text,
      username: text,
      role: text,
      tenant: text,
      orderby: text,
      sortOrder: text,
      limit: text,
      offset: text,
      page: text,
    },
  },
};
export const userIdSchema = { params: { type: 'object', properties: { id: text }, required: ['id'] } };

/** GET users and users/:id answer a list of read records (users/:id: one, or none). */
const readResponses = seedAtOrGo('user', envelope(list(userReadSchema)), envelope(list(goUserGetSchema)));

/** GET users and GET users/:id (1.1+; tenant fields and the tenant filter from 1.2), then the user writes. */
/** What GET users reads: a purge or an origin's change keeps its cached answers. */
const USER_TABLES = ['users', 'roles', 'tenants'];

export function usersRoutes(ctx: AppContext): RouteDef[] {
  /**
   * At the seed's versions (1.1/1.2) the answer comes from the store already serialized in the seed's shape (one
   * pass from row to JSON), as the bytes to send; elsewhere each record takes the Go server's shape.
   */
  async function list(request: FastifyRequest, reply: FastifyReply) {
    const withTenant = atLeast(request.apiVersion, '1.2');
    const filter = usersFilter(request.query as UsersQuery, withTenant);
    const tenantIds = [...(await visibleTenants(ctx, caller(request)))];
    if (!seedShape('user', request.apiVersion)) {
      const users = await ctx.store.users.query({ ...filter, tenantIds });
      return { response: users.map((user) => userReadRecord(user, request.apiVersion)) };
    }
    const body = await ctx.store.users.queryJson({ ...filter, tenantIds }, withTenant, '{"response":', '}');
    reply.type('application/json; charset=utf-8');
    return body;
  }

  async function one(request: FastifyRequest) {
    const id = parseIntegerParam((request.params as { id: string }).id, 'id');
    const user = await ctx.store.users.byId(id);
    // An invisible user answers like a missing one, so ids do not reveal other tenants' users (BEHAVIOR.md §3).
    if (!user || !(await visibleTenants(ctx, caller(request))).has(user.tenantId)) return { response: [] };
    return { response: [userReadRecord(user, request.apiVersion)] };
  }

  return [
    {
      method: 'GET',
      url: '/users',
      since: '1.1',
      auth: PRIV.READ,
      cache: USER_TABLES,
      schema: listSchema,
      responseAt: readResponses,
      handler: list,
    },
    {
      method: 'GET',
      url: '/users/:id',
      since: '1.1',
      auth: PRIV.READ,
      cache: USER_TABLES,
      schema: userIdSchema,
      responseAt: readResponses,
      handler: one,
    },
    ...createUserRoutes(ctx),
    ...registerUserRoutes(ctx),
    ...updateUserRoutes(ctx),
  ];
}
