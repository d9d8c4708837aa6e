import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { authenticate } from '../http/authenticate.js';
import { ApiError } from '../http/errors.js';
import { checkInAs } from '../services/caches/agent-check-in.js';
import { ORT_LEVEL, readCheckIn, serverByIdOrName } from '../services/caches/check-in.js';
import { TEXT_FILE } from '../../shared/contract/schema.js';

const FORM = 'application/x-www-form-urlencoded';

function text(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(body);
}

/**
 * `POST /update/:hostname`, the root-level route the 1.x cache tool (ORT) checked in on: form fields or query
 * parameters `updated` and `reval_updated`, answered in plain text as Traffic Ops' Perl app did. A session of
 * the ORT level (11) or above is needed, and only the server's own agent (or an admin, logged) may check in
 * (daemon/caches/agent-check-in.ts). Form bodies are parsed in this scope only: the API stays JSON-only.
 */
export function legacyCheckIn(ctx: AppContext) {
  return async function plugin(scope: FastifyInstance): Promise<void> {
    scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    // Answers are lines of text (`Success`, or `Failed request.  <why>`), as the Perl app sent them.
    const schema = {
      params: { type: 'object', properties: { hostname: { type: 'string' } } },
      response: { 200: TEXT_FILE },
    };
    scope.post('/update/:hostname', { schema }, async (request, reply) => {
      try {
        const principal = await authenticate(request, ORT_LEVEL, ctx);
        const fields = { ...(request.query as object), ...((request.body ?? {}) as object) } as Record<string, unknown>;
        if (fields.updated === undefined) return text(reply, 400, 'Failed request.  Must provide updated status');
        const read = readCheckIn(fields);
        if (!read.ok) return text(reply, 400, `Failed request.  ${read.error}`);
        const { hostname } = request.params as { hostname: string };
        const server = await serverByIdOrName(ctx, principal, hostname);
        if (!server) return text(reply, 404, 'Failed request.  Unknown server');
        await checkInAs(ctx, principal, server, read.report);
        return text(reply, 200, 'Success');
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return text(reply, 401, 'Unauthorized');
        if (err instanceof ApiError && err.status === 403) return text(reply, 403, 'Forbidden');
        throw err;
      }
    });
  };
}
