import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ShellResult } from './reload.js';

/*
 * Issue 32, finding 2: the agent reported success for files ATS refused ("remap.config failed to load"), and a
 * cache restarted with them would not serve. Before a set replaces the live files, ATS itself checks it: the
 * live directory is copied to a staging directory, the new files are written over the copy, and
 * `traffic_server -C verify_config -D <staging>` loads plugin.config, remap.config (the plugins it names
 * included) and records.config from there as ATS would at start-up (ATS 9.2; its exit code is 1 when one fails).
 * It does not read parent.config, cache.config, the YAML files or regex_revalidate.config (a plugin's file): what
 * ATS makes of those shows only when it re-reads them after the reload, in diags.log, which the agent reads too.
 */

/** Where the set is staged for ATS's check, inside the config directory (beside the backups). */
export const STAGING_DIR = '.cdnctl-staging';

/** The files `traffic_server -C verify_config` reads from the directory it is given. */
const VERIFIED_FILES = new Set(['remap.config', 'plugin.config', 'records.config', 'ssl_multicert.config']);

/** Whether a changed set holds a file ATS's verify command checks (else running it tells nothing). */
export const verifiable = (names: readonly string[]): boolean => names.some((n) => VERIFIED_FILES.has(n));

/** A fresh staging directory: every file of the live directory, then `files` over them. Answers its path. */
export function stage(configDir: string, files: ReadonlyMap<string, string>): string {
  const dir = join(configDir, STAGING_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(configDir)) {
    const from = join(configDir, name);
    if (!name.startsWith('.') && statSync(from).isFile()) copyFileSync(from, join(dir, name));
  }
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  return dir;
}

export function unstage(configDir: string): void {
  const dir = join(configDir, STAGING_DIR);
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
}

/** ATS's diagnostics without their time and thread prefix: `[Nov 27 10:23:29.130] [ET_TASK 1] ERROR: x` → `ERROR: x`. */
const bare = (line: string): string =>
  line
    .replace(/^\[[^\]]*\]\s*/, '')
    .replace(/^(\[[^\]]*\]|traffic_server)\s*/, '')
    .trim();

/** The lines of ATS output that say what failed (ERROR, FATAL), without prefixes, each once. */
export function errorLines(output: string): string[] {
  const lines = output
    .split('\n')
    .map(bare)
    .filter((l) => /\b(ERROR|FATAL|Fatal)\b/.test(l));
  return [...new Set(lines)];
}

/** What the verify command made of the staged set: the set passed, ATS refused it, or the check did not run. */
export type VerifyVerdict = { ok: true } | { ok: false; refused: boolean; why: string };

/**
 * Reads the verify command's exit: 0 passed; 1 is ATS refusing a file (`Failed to load <file>, exitStatus 1`);
 * anything else means the check itself did not run (not installed: 127; traffic_server's own Fatal, e.g. run as
 * root without a user to switch to: 70). Either way the set is not applied; `why` is ATS's error lines, or the
 * last line printed.
 */
export function verifyVerdict(result: Pick<ShellResult, 'code' | 'output'>): VerifyVerdict {
  if (result.code === 0) return { ok: true };
  const errors = errorLines(result.output);
  const last = result.output.trim().split('\n').pop() ?? '';
  const why = errors.length > 0 ? errors.join('; ') : `exit code ${result.code}${last ? `: ${last}` : ''}`;
  return { ok: false, refused: result.code === 1, why };
}

/** The verify command for a staging directory: `{dir}` replaced by it (quoted for the shell). */
export const verifyCommandFor = (command: string, dir: string): string =>
  command.replaceAll('{dir}', `'${dir.replaceAll("'", "'\\''")}'`);
