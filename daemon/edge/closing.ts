import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.js';

/**
 * Once close() begins (SIGTERM), requests already running finish, and any that still arrive on an open
 * connection are refused with a 503 alert, before authentication or any work. Every answer sent from then on
 * says `Connection: close`: a keep-alive client would otherwise hold the daemon open until its idle timeout.
 * Answers whether the daemon is closing (the front door then hands every request to Fastify, which refuses it).
 */
export function refuseWhileClosing(app: FastifyInstance): () => boolean {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks: every request passes them, and an async hook costs a promise each time.
  app.addHook('onRequest', (_request, _reply, done) => {
    done(closing ? new ApiError(503, 'the daemon is shutting down; try again in a moment') : undefined);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  return () => closing;
}
