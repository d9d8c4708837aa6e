import { parseTimestamp } from '../../time.js';
import { toInteger } from '../integer.js';
import { backtracksLittle } from './backtracking.js';
import { REGEX_TOO_COMPLEX, probeRegex, staticRefusal } from './bounded-match.js';
import { matchesEverything } from './match-everything.js';
import { compilePcre } from './pcre.js';
import { NOT_PCRE_PREFIX, pcreSubsetReason } from './pcre-subset.js';

/** A purge request that passed every check of BEHAVIOR.md §5 that needs no database. */
export interface PurgeRequest {
  dsId: number;
  regex: string;
  /** Epoch milliseconds. */
  startTime: number;
  ttl: number;
  /** The regex matches every path: the job still goes in, with a warning. */
  matchesEverything: boolean;
  /**
   * With `deferProbe`: the compiled pattern still to be probed off the main thread (matchesEverything is then
   * false until the probe says otherwise).
   */
  probe?: RegExp;
}

/** What the checks depend on besides the body. */
export interface PurgeLimits {
  now: number;
  /** maxRevalDurationDays × 24. */
  maxTtlHours: number;
  /** Refuse a start more than two days in the past (API 1.2 and newer). */
  boundPastStart: boolean;
  /**
   * The daemon: run only the static checks here and leave the probe of a pattern that is not provably cheap to
   * the caller (`probe` in the answer), which runs it on a worker thread.
   */
  deferProbe?: boolean;
}

export type PurgeValidation = { ok: true; request: PurgeRequest } | { ok: false; errors: string[] };

export const MAX_REGEX_LENGTH = 2048;
const TWO_DAYS_MS = 2 * 24 * 3600_000;
const absent = (v: unknown) => v === undefined || v === null || v === '';

function checkDsId(value: unknown): [number | null, string | null] {
  if (absent(value)) return [null, 'dsId: is required'];
  const id = toInteger(value);
  if (id === null || id < 1) return [null, 'dsId: must be a positive integer'];
  return [id, null];
}

function checkRegex(
  value: unknown,
  deferProbe: boolean,
): [{ regex: string; all: boolean; probe?: RegExp } | null, string | null] {
  if (absent(value)) return [null, 'regex: is required'];
  if (typeof value !== 'string') return [null, 'regex: must be a string'];
  if (value.length > MAX_REGEX_LENGTH) return [null, `regex: cannot be longer than ${MAX_REGEX_LENGTH} characters`];
  // One line of regex_revalidate.config is `<url regex> <expiry>`: whitespace would split or end the line.
  if (/[\s\x00-\x1f\x7f]/.test(value)) return [null, 'regex: cannot contain whitespace or control characters'];
  if (!value.startsWith('/')) return [null, "regex: must start with '/'"];
  const compiled = compilePcre(value);
  if (!compiled.ok && compiled.foreign) return [null, `${NOT_PCRE_PREFIX}${compiled.reason}`];
  if (!compiled.ok) return [null, `regex: is not a valid regular expression: ${compiled.reason}`];
  // What every cache will run with PCRE must mean there what the checks below see (pcre-subset.ts).
  const foreign = pcreSubsetReason(value, compiled.regex.source);
  if (foreign) return [null, `${NOT_PCRE_PREFIX}${foreign}`];
  const refused = staticRefusal(compiled.regex);
  if (refused) return [null, refused];
  if (deferProbe) {
    // Provably cheap patterns (no alternation, no quantified group, two quantifiers at most) take microseconds
    // on the short probe paths; every other one goes to the worker.
    if (backtracksLittle(compiled.regex.source, compiled.regex.flags))
      return [{ regex: value, all: matchesEverything(compiled.regex) }, null];
    return [{ regex: value, all: false, probe: compiled.regex }, null];
  }
  const probed = probeRegex(compiled.regex);
  if ('tooComplex' in probed) return [null, REGEX_TOO_COMPLEX];
  return [{ regex: value, all: probed.matchesEverything }, null];
}

function checkStartTime(value: unknown, limits: PurgeLimits): [number | null, string | null] {
  if (absent(value)) return [null, 'startTime: is required'];
  const start = typeof value === 'string' ? parseTimestamp(value) : null;
  if (start === null) return [null, "startTime: must be a time as 'YYYY-MM-DD hh:mm:ss' (UTC) or RFC 3339"];
  if (limits.boundPastStart && start < limits.now - TWO_DAYS_MS) {
    return [null, 'startTime: cannot be more than two days in the past'];
  }
  if (start > limits.now + TWO_DAYS_MS) return [null, 'startTime: must be within two days from now'];
  return [start, null];
}

function checkTtl(value: unknown, limits: PurgeLimits): [number | null, string | null] {
  if (absent(value)) return [null, 'ttl: is required'];
  const ttl = toInteger(value);
  if (ttl === null) return [null, 'ttl: must be a whole number of hours'];
  if (ttl < 1) return [null, 'ttl: must be at least 1'];
  if (ttl > limits.maxTtlHours) return [null, `ttl: cannot exceed ${limits.maxTtlHours}`];
  return [ttl, null];
}

/**
 * Checks a POST user/current/jobs body. Every failing field is reported, in the body's field order, so one
 * answer tells the caller everything to fix.
 */
export function validatePurgeRequest(body: unknown, limits: PurgeLimits): PurgeValidation {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const [dsId, dsIdError] = checkDsId(fields.dsId);
  const [regex, regexError] = checkRegex(fields.regex, limits.deferProbe === true);
  const [startTime, startError] = checkStartTime(fields.startTime, limits);
  const [ttl, ttlError] = checkTtl(fields.ttl, limits);
  const errors = [dsIdError, regexError, startError, ttlError].filter((e): e is string => e !== null);
  if (errors.length > 0 || dsId === null || regex === null || startTime === null || ttl === null) {
    return { ok: false, errors };
  }
  const request: PurgeRequest = { dsId, regex: regex.regex, startTime, ttl, matchesEverything: regex.all };
  if (regex.probe) request.probe = regex.probe;
  return { ok: true, request };
}

export { DEFAULT_MAX_REVAL_DURATION_DAYS, maxRevalDurationDays } from './reval-duration.js';
