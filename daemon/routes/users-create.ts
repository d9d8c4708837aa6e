import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { userWriteRecord } from '../format/users.js';
import { badRequest, successAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { createUser } from '../services/users/create-user.js';
import { PROFILE_FIELDS } from '../../shared/rules/users/fields.js';
import { parseNewUser } from '../../shared/rules/users/validate-create.js';
import { goUserSchema } from '../../shared/contract/go-users.js';
import { alertedEnvelope } from '../../shared/contract/schema.js';
import { userWriteSchema } from '../../shared/contract/users.js';
import { seedAtOrGo } from '../http/responses.js';

/** What a create or an update of a user answers: its alert and the record written. */
export const userWriteResponses = seedAtOrGo(
  'userCreate',
  alertedEnvelope(userWriteSchema),
  alertedEnvelope(goUserSchema),
);

const nullableText = { type: 'string', nullable: true } as const;
const nullableInt = { type: 'integer', nullable: true } as const;

/** Types only: blank and missing fields are reported by parseNewUser, in BEHAVIOR.md §4's words. */
export const newUserSchema = {
  body: {
    type: 'object',
    nullable: true,
    properties: {
      username: nullableText,
      email: nullableText,
      fullName: nullableText,
      localPassword: nullableText,
      confirmLocalPassword: nullableText,
      localPasswd: nullableText,
      confirmLocalPasswd: nullableText,
      role: nullableInt,
      tenantId: nullableInt,
      newUser: { type: 'boolean', nullable: true },
      ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, nullableText])),
    },
  },
};

/** POST users (1.2+) and POST users.json (1.1+), operations or admin: creates a local user (BEHAVIOR.md §4). */
export function createUserRoutes(ctx: AppContext): RouteDef[] {
  async function create(request: FastifyRequest) {
    const principal = caller(request);
    const parsed = parseNewUser(request.body);
    if (!parsed.ok) throw badRequest(parsed.errors.join(', '));
    const user = await createUser(ctx, principal, parsed.value);
    return { alerts: [successAlert('user was created.')], response: userWriteRecord(user, request.apiVersion) };
  }

  return [
    {
      method: 'POST',
      url: '/users',
      since: '1.2',
      auth: PRIV.OPERATIONS,
      schema: newUserSchema,
      responseAt: userWriteResponses,
      handler: create,
    },
    // Traffic Ops served creation from 1.1 and its Go client posts to users.json: the same handler (issue 17).
    {
      method: 'POST',
      url: '/users.json',
      since: '1.1',
      jsonSuffix: false,
      auth: PRIV.OPERATIONS,
      schema: newUserSchema,
      responseAt: userWriteResponses,
      handler: create,
    },
  ];
}
