import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { buildCacheMap } from '../services/caches/cache-map.js';
import { cacheEventHub } from '../services/caches/cache-events.js';
import { envelope } from '../../shared/contract/schema.js';
import { cacheMapSchema } from '../../shared/contract/cache-map.js';

/** A stream ends after this long; the browser's EventSource reconnects with its cookie (checked again). */
export const MAX_STREAM_MS = 5 * 60_000;

const wantsStream = (request: FastifyRequest) => String(request.headers.accept ?? '').includes('text/event-stream');

/** Turns the reply into an event stream fed by the daemon's one hub, until the client leaves or time is up. */
async function stream(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  let id = 0;
  let open = true;
  const end = () => {
    if (open) raw.end();
    open = false;
  };
  const unsubscribe = await cacheEventHub(ctx).subscribe(caller(request), {
    send: (event, data) => open && raw.write(`id: ${++id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    beat: () => open && raw.write(': keep-alive\n\n'),
    end,
  });
  const limit = setTimeout(end, MAX_STREAM_MS);
  limit.unref();
  const leave = () => {
    open = false;
    clearTimeout(limit);
    unsubscribe();
  };
  if (raw.destroyed || !open) leave();
  raw.once('close', leave);
}

/**
 * GET caches/events (cdnctl's own route, 1.1+; issue 33): the live CDN map. With `Accept: text/event-stream` a
 * stream (`snapshot`, then `change` events); otherwise the map as it is now, as JSON. The servers list's
 * privilege and tenancy.
 */
export function cacheEventRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/caches/events',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(cacheMapSchema) } },
      handler: async (request, reply) => {
        if (!wantsStream(request)) return { response: await buildCacheMap(ctx, caller(request)) };
        await stream(ctx, request, reply);
        return reply;
      },
    },
  ];
}
