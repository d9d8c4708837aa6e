import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { errorLines } from './verify.js';

/*
 * What ATS said after the agent reloaded it (issue 32, finding 2). traffic_ctl's reload returns at once, and ATS
 * re-reads the changed files seconds later (behavior.md: up to ~5.5 s under traffic_manager in ATS 9.2), writing
 * to diags.log `<file> loading ...` and then `<file> finished loading`, or `ERROR: <file> failed to load` (it keeps
 * its previous rules then), with the ERROR lines of what it refused or discarded in between. The agent notes where
 * diags.log ends before the reload, waits until ATS has finished with each changed file it announces, and reads the
 * ERROR lines that name a changed file.
 */

/** The files ATS 9.2 announces in diags.log when a reload makes it read them again. */
const ANNOUNCED = new Set(['remap.config', 'parent.config']);

export const DIAGS_LOG = 'diags.log';

/** Where diags.log ends now (0 when there is none): the mark to read ATS's verdict from. */
export function logMark(logDir: string): number {
  const file = join(logDir, DIAGS_LOG);
  return existsSync(file) ? statSync(file).size : 0;
}

/** diags.log from `mark` on (from its start when it was rotated since, i.e. is shorter now). */
export function logSince(logDir: string, mark: number): string {
  const file = join(logDir, DIAGS_LOG);
  if (!existsSync(file)) return '';
  const size = statSync(file).size;
  const from = size < mark ? 0 : mark;
  const buffer = Buffer.alloc(size - from);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, from);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

const done = (text: string, name: string): boolean =>
  text.includes(`${name} finished loading`) || text.includes(`${name} failed to load`);

export interface VerdictOptions {
  logDir: string;
  mark: number;
  /** The files the pass wrote. */
  changed: readonly string[];
  timeoutMs: number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

export interface Verdict {
  /** ATS's error lines about the changed files: none means it took them. */
  refused: string[];
  /** Announced files ATS had not finished re-reading when the wait ended (its verdict on them is unknown). */
  unknown: string[];
}

/** Waits (at most timeoutMs) for ATS to re-read the changed files it announces, and answers what it refused. */
export async function reloadVerdict(o: VerdictOptions): Promise<Verdict> {
  const watched = o.changed.filter((name) => ANNOUNCED.has(name));
  if (watched.length === 0) return { refused: [], unknown: [] };
  const deadline = o.now() + o.timeoutMs;
  let text = logSince(o.logDir, o.mark);
  while (!watched.every((name) => done(text, name)) && o.now() < deadline) {
    await o.sleep(100);
    text = logSince(o.logDir, o.mark);
  }
  const refused = errorLines(text).filter(
    (line) => /failed to load/.test(line) || o.changed.some((name) => line.includes(name)),
  );
  return { refused, unknown: watched.filter((name) => !done(text, name)) };
}
