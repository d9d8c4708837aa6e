import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { currentUserRecord, userWriteRecord } from '../format/users.js';
import { alerts, badRequest, successAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import type { User } from '../store/users.js';
import { PROFILE_FIELDS } from '../../shared/rules/users/fields.js';
import { parseProfileUpdate } from '../services/users/profile-change.js';
import { ownUser, updateOwnProfile } from '../services/users/update-own-profile.js';
import { goUserCurrentSchema } from '../../shared/contract/go-users.js';
import { alertsOnly, envelope } from '../../shared/contract/schema.js';
import { currentUserSchema } from '../../shared/contract/users.js';
import { seedAtOrGo } from '../http/responses.js';
import { userWriteResponses } from './users-create.js';

const nullableText = { type: 'string', nullable: true } as const;
/**
 * An integer sent as a number or as digits (records read back carry them as strings), or null: parseProfileUpdate
 * says which numbers and strings are not integers, in its words ("'gid' must be an integer").
 */
const intOrText = { type: ['number', 'string', 'null'] } as const;

/** Types only; what must not be blank and what may not change is reported by parseProfileUpdate. */
const updateSchema = {
  body: {
    type: 'object',
    nullable: true,
    properties: {
      user: {
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
          role: intOrText,
          tenantId: intOrText,
          gid: intOrText,
          uid: intOrText,
          ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, nullableText])),
        },
      },
    },
  },
};

/**
 * GET user/current, PUT user/current (1.2+, answers the updated record) and POST user/current/update (1.1+, the
 * seed's 1.1 form, answers only its alert at every version): the caller's own profile.
 */
export function currentUserRoutes(ctx: AppContext): RouteDef[] {
  const self = (request: FastifyRequest): Promise<User> => ownUser(ctx, caller(request));

  /** PUT (1.2+) answers the updated record too; the 1.1 route POST user/current/update keeps its {alerts} answer. */
  async function update(request: FastifyRequest, withRecord: boolean) {
    const principal = caller(request);
    const user = await self(request);
    const parsed = parseProfileUpdate(request.body, user);
    if (!parsed.ok) throw badRequest(parsed.errors.join(', '));
    await updateOwnProfile(ctx, principal, user, parsed.value);
    const done = successAlert('User profile was successfully updated');
    if (!withRecord) return alerts(done);
    return { alerts: [done], response: userWriteRecord(await self(request), request.apiVersion) };
  }

  return [
    {
      method: 'GET',
      url: '/user/current',
      since: '1.1',
      auth: PRIV.READ,
      responseAt: seedAtOrGo('user', envelope(currentUserSchema), envelope(goUserCurrentSchema)),
      handler: async (request) => ({ response: currentUserRecord(await self(request), request.apiVersion) }),
    },
    {
      method: 'PUT',
      url: '/user/current',
      since: '1.2',
      auth: PRIV.READ,
      schema: updateSchema,
      responseAt: userWriteResponses,
      handler: (r) => update(r, true),
    },
    {
      method: 'POST',
      url: '/user/current/update',
      since: '1.1',
      auth: PRIV.READ,
      schema: { ...updateSchema, response: { 200: alertsOnly } },
      handler: (r) => update(r, false),
    },
  ];
}
