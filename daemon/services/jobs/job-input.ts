import { formatTimestamp } from '../../../shared/time.js';
import { parseGoTime, readTtl } from './go-time.js';
import { validatePurgeOffThread } from './validate-off-thread.js';

/**
 * The body of POST jobs (InvalidationJobInput, reference/traffic-ops-1.4-1.5-types.md §5), checked as far as no
 * database is needed. The regex goes through the purge requests' own check (validatePurgeRequest), so both routes
 * refuse the same expressions.
 */

export interface JobInput {
  /** An id (a number) or an xmlId (a string). */
  deliveryService: number | string | null;
  regex: string;
  startTime: number;
  ttlHours: number;
  matchesEverything: boolean;
}

export type JobInputCheck =
  | { ok: true; input: JobInput; errors: [] }
  | { ok: false; unparsable: true }
  | { ok: false; unparsable: false; errors: string[]; deliveryService: number | string | null };

export const UNPARSABLE_JOB = 'Unable to parse Invalidation Job';

interface RawInput {
  deliveryService?: unknown;
  regex?: unknown;
  startTime?: unknown;
  ttl?: unknown;
}

const blank = (v: unknown) => v === undefined || v === null || v === '' || v === 0;

/** What Go's decoder refused: wrong JSON types, or a startTime that is no Time. */
function unparsable(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return true;
  const b = body as RawInput;
  const ok = (v: unknown, ...types: string[]) => v === undefined || v === null || types.includes(typeof v);
  if (!ok(b.deliveryService, 'number', 'string') || !ok(b.regex, 'string') || !ok(b.ttl, 'number', 'string'))
    return true;
  return b.startTime !== undefined && b.startTime !== null && parseGoTime(b.startTime) === null;
}

/** The regex check of purge requests, on the regex alone; a leading `\/` counts as `/`, as Traffic Ops allowed. */
async function regexErrors(regex: string, now: number, owner: string): Promise<{ errors: string[]; all: boolean }> {
  const normalized = regex.startsWith('\\/') ? regex.slice(1) : regex;
  const probe = { dsId: 1, regex: normalized, startTime: formatTimestamp(now), ttl: 1 };
  const checked = await validatePurgeOffThread(probe, { now, maxTtlHours: 1, boundPastStart: false }, owner);
  return checked.ok ? { errors: [], all: checked.request.matchesEverything } : { errors: checked.errors, all: false };
}

/** Checks a POST jobs body; every failure is reported, joined by the caller with `, `. */
/** `owner` is whose share of the regex probe pool the check takes (the caller's user id). */
export async function checkJobInput(
  body: unknown,
  limits: { now: number; maxTtlHours: number; owner: string },
): Promise<JobInputCheck> {
  if (unparsable(body)) return { ok: false, unparsable: true };
  const b = body as RawInput;
  const errors: string[] = [];
  const missing = (['deliveryService', 'regex', 'ttl'] as const).filter((k) => blank(b[k]));
  if (missing.length > 0) errors.push(`${missing.map((k) => `${k}: cannot be blank`).join('; ')}.`);
  const start = blank(b.startTime) ? null : parseGoTime(b.startTime);
  if (start === null) errors.push('startTime: cannot be blank');
  else if (start <= limits.now) errors.push('startTime: must be in the future');
  const regex =
    typeof b.regex === 'string' && b.regex !== '' ? await regexErrors(b.regex, limits.now, limits.owner) : null;
  if (regex) errors.push(...regex.errors);
  const ttl = readTtl(b.ttl);
  if (ttl === 'invalid') errors.push("ttl: must be a number of hours, or a duration string e.g. '48h'");
  else if (ttl !== 'blank' && ttl.hours > limits.maxTtlHours) errors.push(`ttl: cannot exceed ${limits.maxTtlHours}!`);
  const deliveryService = blank(b.deliveryService) ? null : (b.deliveryService as number | string);
  if (errors.length > 0 || start === null || !regex || typeof ttl !== 'object') {
    return { ok: false, unparsable: false, errors, deliveryService };
  }
  const input = {
    deliveryService,
    regex: b.regex as string,
    startTime: start,
    ttlHours: ttl.hours,
    matchesEverything: regex.all,
  };
  return { ok: true, input, errors: [] };
}
