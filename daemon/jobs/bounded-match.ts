import { Script, createContext } from 'node:vm';
import { backtracksLittle } from './backtracking.js';
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
// One context for every probe: making a V8 context costs about a millisecond, running in one a few microseconds.
const sandbox = createContext({ probe: (): boolean => false });
const runProbe = new Script('probe()');

export function probeRegex(regex: RegExp, limitMs = REGEX_PROBE_LIMIT_MS): { matchesEverything: boolean } | { tooComplex: true } {
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
