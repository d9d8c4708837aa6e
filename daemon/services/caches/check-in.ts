import type { AppContext } from '../../context.js';
import { parseTimestamp } from '../../../shared/time.js';
import type { Principal } from '../principal.js';
import type { Server } from '../../store/servers.js';
import type { CheckIn } from '../../store/server-flags.js';
import { serverVisibility } from './visibility.js';

/** Traffic Ops' privilege level of the cache check-in user (ORT). */
export const ORT_LEVEL = 11;

/** A flag value as caches send it: a JSON boolean, or `true`/`false`/`t`/`f`/`1`/`0` in a form or query. */
export function readFlag(value: unknown): boolean | undefined | 'invalid' {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return 'invalid';
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === 't' || v === '1') return true;
  if (v === 'false' || v === 'f' || v === '0') return false;
  return 'invalid';
}

export type CheckInRead = { ok: true; report: CheckIn } | { ok: false; error: string };

/** Reads `updated` and `reval_updated` (the new pending values); at least one must be there. */
export function readCheckIn(fields: Record<string, unknown>): CheckInRead {
  const updated = readFlag(fields.updated);
  const revalUpdated = readFlag(fields.reval_updated);
  if (updated === 'invalid') return { ok: false, error: "query parameter 'updated' must be 'true' or 'false'" };
  if (revalUpdated === 'invalid')
    return { ok: false, error: "query parameter 'reval_updated' must be 'true' or 'false'" };
  if (updated === undefined && revalUpdated === undefined) {
    return { ok: false, error: "Must pass at least one query parameter of 'updated' or 'reval_updated'" };
  }
  const started = readStarted(fields.reval_started);
  if (started === 'invalid') return { ok: false, error: REVAL_STARTED_ERROR };
  const agentError = readAgentError(fields.agent_error);
  if (agentError === 'invalid') return { ok: false, error: AGENT_ERROR_ERROR };
  const report: CheckIn = { updated, revalUpdated };
  if (started !== undefined) report.revalStartedAt = started;
  if (agentError !== undefined) report.agentError = agentError;
  return { ok: true, report };
}

export const AGENT_ERROR_MAX = 2000;
export const AGENT_ERROR_ERROR = `'agent_error' must be a text of at most ${AGENT_ERROR_MAX} characters`;

/**
 * `agent_error` (cdnctl's agent sends it; ORT does not, and a check-in without it leaves the recorded reason): why
 * the agent could not apply what it was sent, or '' once it applied (issue 32). Null and absent say nothing.
 */
function readAgentError(value: unknown): string | null | undefined | 'invalid' {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > AGENT_ERROR_MAX) return 'invalid';
  return value.trim() === '' ? null : value.trim();
}

export const REVAL_STARTED_ERROR = "'reval_started' must be a time (RFC 3339, an HTTP date or epoch ms)";
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * `reval_started` (cdnctl's agent sends it; ORT does not): when the reported revalidation pass read what it applied,
 * as the daemon's clock said (the Date header of its update_status answer), in epoch ms, RFC 3339 or an HTTP date.
 */
function readStarted(value: unknown): number | undefined | 'invalid' {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : 'invalid';
  if (typeof value !== 'string') return 'invalid';
  const text = value.trim();
  if (/^\d{1,15}$/.test(text)) return Number(text);
  if (HTTP_DATE.test(text)) return Date.parse(text);
  return parseTimestamp(text) ?? 'invalid';
}

/** The server a check-in or update_status names: by id when the text is all digits and such a server exists, else by host name. */
export async function serverByIdOrName(ctx: AppContext, principal: Principal, text: string): Promise<Server | null> {
  const visible = await serverVisibility(ctx, principal);
  // A caller who sees every server takes the indexed reads (the filtered list scans every server).
  if (visible === null) {
    const byId = /^\d{1,15}$/.test(text) ? await ctx.store.cacheConfig.serverById(Number(text)) : null;
    return byId ?? ctx.store.cacheConfig.serverByHostName(text);
  }
  if (/^\d{1,15}$/.test(text)) {
    const byId = await ctx.store.servers.byId(Number(text), visible);
    if (byId) return byId;
  }
  return ctx.store.servers.byHostName(text, visible);
}
