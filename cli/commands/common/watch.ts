import { CliError, EXIT } from '../../errors.js';
import type { HttpClient } from '../../../shared/client/http.js';
import { jobPropagation, type Propagation } from '../../../shared/client/servers.js';
import { messageOutput, type Output } from '../../output/format.js';
import { propagationBars, propagationLine } from '../../output/propagation.js';
import type { Invocation } from './invocation.js';

export interface WatchOptions {
  /** Give up after this many seconds (exit 1). */
  timeout: number;
  /** Seconds between polls. */
  interval: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows a job's propagation until every cache applied it or the timeout passes. On a terminal it redraws
 * per-tier bars; otherwise it prints one line per change. With -o json/yaml only the final state is printed.
 * A timeout prints the last state, then fails (exit 1).
 */
export async function watchPropagation(
  inv: Invocation,
  http: HttpClient,
  jobId: number,
  options: WatchOptions,
): Promise<Output> {
  const deadline = Date.now() + options.timeout * 1000;
  const tty = process.stdout.isTTY === true && !inv.printer.structured;
  let lastLine = '';
  let drawn = 0;
  for (;;) {
    const state: Propagation = (await jobPropagation(http, jobId)).response;
    const line = propagationLine(state);
    if (tty) {
      const lines = propagationBars(state);
      process.stdout.write(`${drawn > 0 ? `\x1b[${drawn}A` : ''}${lines.map((l) => `\x1b[2K${l}\n`).join('')}`);
      drawn = lines.length;
    } else if (!inv.printer.structured && line !== lastLine) {
      process.stdout.write(`${line}\n`);
    }
    lastLine = line;
    if (state.complete) return messageOutput(state, '');
    if (Date.now() + options.interval * 1000 > deadline) {
      if (inv.printer.structured) await inv.printer.print(messageOutput(state, ''));
      const pending = state.tiers.flatMap((t) => t.pendingHosts);
      throw new CliError(
        `${state.cancelledTime === undefined ? `job ${jobId} has not reached` : `the rule of cancelled job ${jobId} has not left`} every cache after ${options.timeout}s; pending: ${pending.join(', ')}`,
        EXIT.ERROR,
      );
    }
    await sleep(options.interval * 1000);
  }
}

/** Commander parser for seconds (fractions allowed, for tests and impatient people). */
export function seconds(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new CliError(`"${text}" is not a number of seconds`, EXIT.USAGE);
  return n;
}
