import type { AppContext } from '../../context.js';
import { forbidden } from '../errors.js';
import { PRIV, type Principal } from '../principal.js';
import { LOG_LEVEL } from '../../store/change-log.js';
import type { CheckIn } from '../../store/server-flags.js';
import type { Server } from '../../store/servers.js';
import { settleOriginTransitions } from './origin-transitions.js';

/** The 403 text of a check-in by a login that does not speak for the server. */
export const NOT_THE_AGENT = "only the server's own agent (a login bound to it) may check in for it";

const flagText = (v: boolean | undefined) => (v === undefined ? 'unchanged' : String(v));

/**
 * Records a check-in for `server` (issue 28): its flags and lastCheckIn change only for the server's own agent (a
 * login an admin bound to it); an admin's check-in is allowed and goes to the change log with the write; anyone
 * else gets 403 and nothing changes. Operators queue and dequeue through the queue_update routes instead.
 */
export async function checkInAs(ctx: AppContext, principal: Principal, server: Server, report: CheckIn): Promise<void> {
  if (await ctx.store.serverAgents.isBound(server.id, principal.userId)) {
    await ctx.store.serverFlags.checkIn(server.id, report, ctx.clock());
    await settleOriginTransitions(ctx, report);
    return;
  }
  if (principal.privLevel < PRIV.ADMIN) throw forbidden(NOT_THE_AGENT);
  const message =
    `SERVER: ${server.hostName}, ID: ${server.id}, ACTION: check-in by an admin, not the server's agent ` +
    `(updated=${flagText(report.updated)}, reval_updated=${flagText(report.revalUpdated)})`;
  const now = ctx.clock();
  await ctx.store.serverFlags.checkIn(server.id, report, now, {
    level: LOG_LEVEL.change,
    message,
    user: principal.userId,
    at: now,
  });
  await settleOriginTransitions(ctx, report);
}

/**
 * An idle agent's heartbeat: the server's lastCheckIn moves and its flags stay (an agent that had nothing to apply
 * reports no flags, or it would race a purge queued since its read). Only the server's own agent may say that the
 * server is alive, so an admin is refused too: a heartbeat by anyone else would hide a dead cache from CKIN.
 */
export async function heartbeatAs(ctx: AppContext, principal: Principal, server: Server): Promise<void> {
  if (!(await ctx.store.serverAgents.isBound(server.id, principal.userId))) throw forbidden(NOT_THE_AGENT);
  await ctx.store.serverFlags.checkIn(server.id, { updated: undefined, revalUpdated: undefined }, ctx.clock());
}
