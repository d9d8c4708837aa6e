import type { RevalidationJob } from '../../store/jobs.js';
import {
  REVALIDATE_LINE_MAX_BYTES,
  revalidateLine,
  revalidateLineBytes,
} from '../../../shared/rules/purge/revalidate-line.js';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** Epoch milliseconds as RFC 3339 UTC to the second, e.g. `2026-11-21T12:00:00Z`. */
const rfc3339 = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/**
 * Compares as the UTF-8 bytes would, without encoding: UTF-8 byte order is code-point order, which differs from
 * JavaScript's UTF-16 order only where a surrogate (a code point above U+FFFF) meets a unit of U+E000-U+FFFF.
 */
export function byteOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/**
 * regex_revalidate.config for one CDN (BEHAVIOR.md §5): a header line, then `<assetUrl> <end as Unix seconds>`
 * per active job. A job is left out when it has ended by `now`, when it started more than
 * `maxRevalDurationDays` ago, or when its URL holds whitespace (a line is exactly two fields). Its TTL is
 * clamped to [1 h, maxRevalDurationDays × 24 h]; of several jobs for one URL the latest end wins; lines are in
 * byte order of the URL, so the same jobs always give the same file. A line longer than the plugin reads whole
 * (REVALIDATE_LINE_MAX_BYTES) is left out with a warning: the API refuses such jobs, but one stored before it did
 * must never reach a cache, whose plugin would load the line's tail as a rule of its own (issue 32).
 */
export function renderRegexRevalidate(
  jobs: readonly RevalidationJob[],
  now: number,
  maxRevalDurationDays: number,
  cdnName: string,
  version: string,
): RenderedRegexRevalidate {
  const maxTtlHours = maxRevalDurationDays * 24;
  const oldestStart = now - maxRevalDurationDays * DAY_MS;
  const ends = new Map<string, number>();
  for (const job of jobs) {
    if (job.startTime < oldestStart || /[\s\x00-\x1f\x7f]/.test(job.assetUrl)) continue;
    const ttlHours = Math.min(Math.max(job.ttlHours, 1), maxTtlHours);
    const end = job.startTime + ttlHours * HOUR_MS;
    if (end <= now) continue;
    const previous = ends.get(job.assetUrl);
    if (previous === undefined || end > previous) ends.set(job.assetUrl, end);
  }
  const entries = [...ends];
  // Below U+D800 UTF-16 order is byte order, and the engine's own comparison is much faster.
  const plain = !entries.some(([url]) => /[\ud800-\uffff]/.test(url));
  entries.sort(plain ? ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0) : ([a], [b]) => byteOrder(a, b));
  const { lines, warnings } = fittingLines(entries);
  const header = `# DO NOT EDIT - Generated for CDN ${cdnName} by cdnctl ${version} on ${rfc3339(now)}`;
  return { text: `${[header, ...lines].join('\n')}\n`, warnings };
}

/** The file's text, and a warning per job left out because its line would not fit the plugin's buffer. */
export interface RenderedRegexRevalidate {
  text: string;
  warnings: string[];
}

function fittingLines(entries: readonly [string, number][]): { lines: string[]; warnings: string[] } {
  const lines: string[] = [];
  const warnings: string[] = [];
  for (const [url, end] of entries) {
    const line = revalidateLine(url, end);
    const bytes = revalidateLineBytes(line);
    if (bytes <= REVALIDATE_LINE_MAX_BYTES) lines.push(line);
    else
      warnings.push(
        `left out the purge of ${url.slice(0, 80)}…: its line would be ${bytes} bytes, ` +
          `more than regex_revalidate reads (${REVALIDATE_LINE_MAX_BYTES})`,
      );
  }
  return { lines, warnings };
}

/**
 * The first moment after `now` at which `renderRegexRevalidate` would leave out a job it renders at `now` (the
 * earliest end: a clamped TTL always ends before the start leaves the maxRevalDurationDays window), or null when
 * it renders none. Until then only the header's generation time would differ, so the file may be served as is.
 */
export function nextRegexRevalidateChange(
  jobs: readonly RevalidationJob[],
  now: number,
  maxRevalDurationDays: number,
): number | null {
  const maxTtlHours = maxRevalDurationDays * 24;
  const oldestStart = now - maxRevalDurationDays * DAY_MS;
  let next: number | null = null;
  for (const job of jobs) {
    if (job.startTime < oldestStart) continue;
    const end = job.startTime + Math.min(Math.max(job.ttlHours, 1), maxTtlHours) * HOUR_MS;
    if (end > now && (next === null || end < next)) next = end;
  }
  return next;
}
