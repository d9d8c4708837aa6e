import { Script, createContext } from 'node:vm';
import { backtracksLittle } from './backtracking.js';
import { matchesEverything } from './match-everything.js';
import { catastrophicReason } from './redos-static.js';

/** How long probing one purge regex may take; a sane pattern needs microseconds. */
export const REGEX_PROBE_LIMIT_MS = 100;

export const REGEX_TOO_COMPLEX = 'regex: is too complex: matching it backtracks without end';

/** The 400 text of a pattern the static check refuses, naming why. */
export const tooComplexBecause = (reason: string) => `regex: is too complex: ${reason}`;

/** The static backtracking check (redos-static.ts): the 400 text when the pattern's shape is refused, else null. */
export function staticRefusal(regex: RegExp): string | null {
  const reason = catastrophicReason(regex.source, regex.flags);
  return reason === null ? null : tooComplexBecause(reason);
}

/**
 * matchesEverything with a time limit. A pattern with catastrophic backtracking (`(a|a)+!` and its kin) would
 * otherwise hold the daemon's one thread for hours on a 50-character probe path; the caches would choke on it
 * too. V8 checks for the vm's timeout while a regex backtracks, so the probe is stopped and the pattern refused.
 * For the terminal UI, on its own user's input; the daemon probes on worker threads (regex-probe-pool.ts).
 */
// One context for every probe: making a V8 context costs about a millisecond, running in one a few microseconds.
const sandbox = createContext({ probe: (): boolean => false });
const runProbe = new Script('probe()');

export function probeRegex(
  regex: RegExp,
  limitMs = REGEX_PROBE_LIMIT_MS,
): { matchesEverything: boolean } | { tooComplex: true } {
  // The terminal UI's own check: the daemon refuses these shapes anyway (and probes off its main thread).
  // The usual purge (`/images/.*\.jpg`) provably runs fast; the time limit costs a watchdog thread per call.
  if (backtracksLittle(regex.source, regex.flags)) return { matchesEverything: matchesEverything(regex) };
  sandbox.probe = () => matchesEverything(regex);
  try {
    return { matchesEverything: runProbe.runInContext(sandbox, { timeout: limitMs }) === true };
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { tooComplex: true };
    throw err;
  }
}
