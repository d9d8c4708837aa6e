import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { userWriteRecord } from '../format/users.js';
import { badRequest, successAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { toInteger } from '../services/params.js';
import { updateUser } from '../services/users/update-user.js';
import { parseUserUpdate } from '../../shared/rules/users/validate-update.js';
import { newUserSchema, userWriteResponses } from './users-create.js';

/** PUT users/:id (1.1+, operations or admin), as Traffic Ops served it and its Go client's UpdateUserByID calls it. */
export function updateUserRoutes(ctx: AppContext): RouteDef[] {
  async function update(request: FastifyRequest) {
    const id = toInteger((request.params as { id: string }).id);
    if (id === null) throw badRequest('failed to parse key: id');
    const parsed = parseUserUpdate(request.body);
    if (!parsed.ok) throw badRequest(parsed.errors.join(', '));
    const user = await updateUser(ctx, caller(request), id, parsed.value);
    return { alerts: [successAlert('user was updated.')], response: userWriteRecord(user, request.apiVersion) };
  }
  return [
    {
      method: 'PUT',
      url: '/users/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { ...newUserSchema, params: { type: 'object', properties: { id: { type: 'string' } } } },
      responseAt: userWriteResponses,
      handler: update,
    },
  ];
}
