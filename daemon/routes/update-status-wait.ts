import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UpdateStatusRecord } from '../../shared/contract/servers.js';
import type { AppContext } from '../context.js';
import type { UpdateStatus } from '../store/server-flags.js';
import { serverVisibility } from '../services/caches/visibility.js';
import { statusToken, updateWatchOf } from '../services/caches/update-watch.js';
import { badRequest } from '../http/errors.js';
import { caller } from '../http/route.js';

/*
 * The long-poll form of `GET servers/:hostname/update_status` (issue 32): with `?wait=<duration>` the answer is held
 * until the cache's status differs from the token it sends as `since` (its last answer's x-cdnctl-status-token),
 * or the wait ends; without `since` it comes at once. The answer is the same bare array as ever; the headers say
 * that the daemon honoured the wait (x-cdnctl-wait, the milliseconds granted) and carry the new token. Without
 * `wait` nothing changes: Traffic Control's own tools poll the plain route as they always did.
 */

/** The header that names the answer's status token (send it back as `since`). */
export const STATUS_TOKEN_HEADER = 'x-cdnctl-status-token';
/** The header that says the wait was honoured, and for how long at most (ms). */
export const WAIT_HEADER = 'x-cdnctl-wait';
/** The token of an answer with no record (an unknown or unseen host). */
export const NO_STATUS_TOKEN = 'none';
/** The longest wait granted: a cache asking for more waits this long. */
export const MAX_WAIT_MS = 300_000;
export const WAIT_ERROR = 'wait must be a duration such as 30s or 500ms';
export const SINCE_ERROR = 'since must be a status token of at most 200 characters';

/** `wait` as milliseconds: `30s`, `500ms`, `2m`, or bare seconds; null when it is no such duration. */
export function parseWait(text: string): number | null {
  const match = /^(\d{1,9})(ms|s|m)?$/.exec(text.trim());
  if (!match) return null;
  const n = Number(match[1]);
  const ms = match[2] === 'ms' ? n : match[2] === 'm' ? n * 60_000 : n * 1000;
  return Math.min(ms, MAX_WAIT_MS);
}

export interface WaitQuery {
  waitMs: number;
  since: string | undefined;
}

/** The query's wait and since, or null when the request asks for no wait (the plain route). */
export function readWaitQuery(query: unknown): WaitQuery | null {
  const q = (query ?? {}) as { wait?: unknown; since?: unknown };
  if (q.wait === undefined) return null;
  const waitMs = typeof q.wait === 'string' ? parseWait(q.wait) : null;
  if (waitMs === null) throw badRequest(WAIT_ERROR);
  if (q.since !== undefined && (typeof q.since !== 'string' || q.since.length > 200)) throw badRequest(SINCE_ERROR);
  return { waitMs, since: q.since };
}

/** Aborts when the cache hangs up before its answer. */
function hangUp(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  // The response's close comes when it is sent, or when the connection goes first (never the socket's: a
  // keep-alive socket carries many requests, and each would leave a listener on it).
  reply.raw.once('close', () => controller.abort());
  return controller.signal;
}

export interface WaitParts {
  read: () => Promise<UpdateStatus | null>;
  /** Whether the caller sees every server (then a re-armed wait may start from the watch's last read). */
  seesAll: () => Promise<boolean>;
  record: (status: UpdateStatus) => UpdateStatusRecord;
  readTimeHeader: string;
}

function answer(reply: FastifyReply, parts: WaitParts, status: UpdateStatus | null, readAt: number, waitMs: number) {
  reply.header(parts.readTimeHeader, String(readAt));
  reply.header(WAIT_HEADER, String(waitMs));
  reply.header(STATUS_TOKEN_HEADER, status ? statusToken(status) : NO_STATUS_TOKEN);
  return status ? [parts.record(status)] : [];
}

/**
 * The held answer: read now; when the token differs from `since` (or none came) answer at once; else wait in the
 * daemon's watch (one shared read of every cache's flags per change, never a query per waiting cache) and answer
 * the changed status, or at the end of the wait a fresh read.
 */
export async function waitForUpdateStatus(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  wait: WaitQuery,
  parts: WaitParts,
): Promise<UpdateStatusRecord[]> {
  const { hostname } = request.params as { hostname: string };
  const watch = updateWatchOf(ctx);
  const mark = watch.mark();
  let readAt = ctx.clock();
  // A cache re-arming (since given) while nothing was written: the watch's last read is current, no query.
  const kept = wait.since !== undefined && (await parts.seesAll()) ? await watch.fresh(hostname) : null;
  if (kept) readAt = kept.readAt;
  const status = kept ? kept.status : await parts.read();
  const token = status ? statusToken(status) : NO_STATUS_TOKEN;
  if (wait.since === undefined || token !== wait.since || wait.waitMs === 0)
    return answer(reply, parts, status, readAt, wait.waitMs);
  const changed = await watch.wait(hostname, wait.since, wait.waitMs, mark, hangUp(reply));
  // A host the first read did not show is read again as the caller sees it, never answered from the watch.
  if (changed && status) return answer(reply, parts, changed.status, changed.readAt, wait.waitMs);
  const again = ctx.clock();
  return answer(reply, parts, await parts.read(), again, wait.waitMs);
}

/** Whether the caller sees every server (its tenant is the root of the tree). */
export async function seesAllServers(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  return (await serverVisibility(ctx, caller(request))) === null;
}

/** The visible status of the path's host (what the plain route reads). */
export async function visibleStatus(ctx: AppContext, request: FastifyRequest): Promise<UpdateStatus | null> {
  const { hostname } = request.params as { hostname: string };
  return ctx.store.serverFlags.updateStatus(hostname, await serverVisibility(ctx, caller(request)));
}
