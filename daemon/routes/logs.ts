import type { FastifyReply, FastifyRequest } from 'fastify';
import { logNewCountSchema, logSchema, type LogRecord } from '../../shared/contract/logs.js';
import { envelope, list } from '../../shared/contract/schema.js';
import { formatTimestampTz } from '../../shared/time.js';
import type { AppContext } from '../context.js';
import { readCookie, setCookieValue } from '../../shared/cookies.js';
import { badRequest } from '../http/errors.js';
import { toInteger } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import type { LogEntry } from '../store/change-log.js';
import { visibleTenantIds } from '../services/tenancy.js';

const DAY_MS = 24 * 3600_000;
/** Traffic Ops' defaults: the last 30 days, at most 1000 entries, or 1,000,000 when `days` is given. */
export const LOG_DEFAULTS = { days: 30, limit: 1000, limitWithDays: 1_000_000 } as const;
/** The cookie GET logs sets and GET logs/newcount reads, as Traffic Ops named it. */
export const LAST_SEEN_COOKIE = 'last_seen_log';
const LAST_SEEN_MAX_AGE_S = 7 * 24 * 3600;

const listSchema = {
  querystring: {
    type: 'object',
    properties: {
      days: { type: 'string', maxLength: 32 },
      limit: { type: 'string', maxLength: 32 },
      username: { type: 'string', maxLength: 128 },
    },
  },
  response: { 200: envelope(list(logSchema)) },
};

/** Traffic Ops' key order. */
const logRecord = (e: LogEntry): LogRecord => ({
  id: e.id,
  lastUpdated: formatTimestampTz(e.lastUpdated),
  level: e.level,
  message: e.message,
  ticketNum: e.ticketNum,
  user: e.user,
});

/** A non-negative integer query value, or 400 in Traffic Ops' words. */
function count(text: string | undefined, key: string): number | undefined {
  if (text === undefined) return undefined;
  const n = toInteger(text);
  if (n === null || n < 0) throw badRequest(`getting integer parameters: parameter '${key}' not an integer`);
  return n;
}

/** GET logs and GET logs/newcount (1.1+, read-only and up): the change log, filtered by tenancy. */
export function logRoutes(ctx: AppContext): RouteDef[] {
  async function tenancy(request: FastifyRequest): Promise<number[] | null> {
    const tenants = await ctx.store.tenants.list();
    const visible = visibleTenantIds(tenants, caller(request).tenantId);
    return visible.size === tenants.length ? null : [...visible];
  }

  async function list(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as { days?: string; limit?: string; username?: string };
    const days = count(query.days, 'days');
    const limit = count(query.limit, 'limit') ?? (days === undefined ? LOG_DEFAULTS.limit : LOG_DEFAULTS.limitWithDays);
    const now = ctx.clock();
    const entries = await ctx.store.changeLog.list({
      since: now - (days ?? LOG_DEFAULTS.days) * DAY_MS,
      limit,
      visibleTenantIds: await tenancy(request),
      username: query.username ? query.username : null,
    });
    const life = { maxAgeSeconds: LAST_SEEN_MAX_AGE_S, secure: ctx.config.tls !== null };
    reply.header('set-cookie', setCookieValue(LAST_SEEN_COOKIE, new Date(now).toISOString(), life));
    return { response: entries.map(logRecord) };
  }

  async function newCount(request: FastifyRequest) {
    const seen = readCookie(request.headers.cookie, LAST_SEEN_COOKIE);
    const since = seen === null ? NaN : Date.parse(seen);
    if (!Number.isFinite(since)) return { response: { newLogcount: 0 } };
    return { response: { newLogcount: await ctx.store.changeLog.countSince(since, await tenancy(request)) } };
  }

  return [
    { method: 'GET', url: '/logs', since: '1.1', auth: PRIV.READ, schema: listSchema, handler: list },
    {
      method: 'GET',
      url: '/logs/newcount',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(logNewCountSchema) } },
      handler: newCount,
    },
  ];
}
