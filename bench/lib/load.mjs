// Load cases: autocannon runs in its own process (bench/autocannon-runner.mjs) and reports JSON.
import { fileURLToPath } from 'node:url';
import { runForJson } from './processes.mjs';

const RUNNER = fileURLToPath(new URL('../autocannon-runner.mjs', import.meta.url));

export const LOAD = { connections: 32, duration: 10, warmup: 2 };

/**
 * One load case against `url` (method, headers, body as autocannon takes them; `purgeBody` makes each request
 * purge its own regex). Answers { reqPerSec, p50, p99, max, errors, non2xx, statusCodes, requests, seconds }.
 */
export function runLoad(spec) {
  return runForJson(RUNNER, [JSON.stringify({ ...LOAD, ...spec })]);
}
