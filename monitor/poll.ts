import type { PollResult } from './types.js';

/** The timeout when the profile's `health.connection.timeout` is 0 or unset (milliseconds). */
export const DEFAULT_TIMEOUT_MS = 2000;

/** GET `url` expecting JSON within `timeoutMs`: the document, or why there is none. */
export async function getJson(url: string, timeoutMs: number, now: () => number): Promise<PollResult> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    const text = await res.text();
    if (res.status !== 200) return { stats: null, error: `HTTP ${res.status}`, at: now() };
    return { stats: JSON.parse(text) as unknown, error: null, at: now() };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const why = e.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : (e.cause?.code ?? e.message);
    return { stats: null, error: why, at: now() };
  }
}
