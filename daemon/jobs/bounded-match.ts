import { createContext, runInContext } from 'node:vm';
import { matchesEverything } from './match-everything.js';

/** How long probing one purge regex may take; a sane pattern needs microseconds. */
export const REGEX_PROBE_LIMIT_MS = 100;

export const REGEX_TOO_COMPLEX = 'regex: is too complex: matching it backtracks without end';

/**
 * matchesEverything with a time limit. A pattern with catastrophic backtracking (`(a|a)+!` and its kin) would
 * otherwise hold the daemon's one thread for hours on a 50-character probe path; the caches would choke on it
 * too. V8 checks for the vm's timeout while a regex backtracks, so the probe is stopped and the pattern refused.
 * Node only (the portal and the terminal UI call matchesEverything directly on their own user's input).
 */
export function probeRegex(regex: RegExp, limitMs = REGEX_PROBE_LIMIT_MS): { matchesEverything: boolean } | { tooComplex: true } {
  const sandbox = createContext({ probe: () => matchesEverything(regex) });
  try {
    return { matchesEverything: runInContext('probe()', sandbox, { timeout: limitMs }) === true };
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { tooComplex: true };
    throw err;
  }
}
