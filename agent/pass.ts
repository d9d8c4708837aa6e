import type { AgentApi } from './api.js';
import { decide, reportFor } from './decide.js';
import { changedFiles, lineDiff, type FileChange } from './diff.js';
import { backup, install, readCurrent, restore } from './disk.js';
import type { ConfigFileEntry, PassKind, UpdateStatus, WaitForParents } from './types.js';
import { missingPlugins } from './plugins.js';
import { validateFiles } from './validate.js';

export interface PassDeps {
  api: Pick<AgentApi, 'updateStatus' | 'fileList' | 'file' | 'report' | 'heartbeat'> &
    Partial<Pick<AgentApi, 'fileSet'>>;
  host: string;
  configDir: string;
  wait: WaitForParents;
  dryRun: boolean;
  force: boolean;
  /** ATS's plugin directory: every plugin the files name must be there (null: not checked). */
  pluginDir: string | null;
  /** Runs the reload command; rejects when it fails; answers false when there is none (`--reload-command ''`). */
  reload: () => Promise<boolean>;
  log: (kind: PassKind, message: string) => void;
  /** Where a dry run prints its diff. */
  out: (text: string) => void;
  now: () => Date;
}

export interface PassOutcome {
  status: UpdateStatus | null;
  /** The files written (none: nothing was applied or nothing differed). */
  written: string[];
  backup: string | null;
  reported: boolean;
}

const REVALIDATE_FILE = 'regex_revalidate.config';

async function fetchFiles(deps: PassDeps, kind: PassKind): Promise<Map<string, string>> {
  // Every file in one request where the server offers it (issue 32); a revalidate pass needs one file only.
  const set = kind === 'syncds' && deps.api.fileSet ? await deps.api.fileSet(deps.host) : null;
  if (set && set.size > 0) return set;
  let entries: ConfigFileEntry[] = await deps.api.fileList(deps.host);
  if (kind === 'revalidate') entries = entries.filter((e) => e.fnameOnDisk === REVALIDATE_FILE);
  if (entries.length === 0)
    throw new Error(`the server lists no ${kind === 'revalidate' ? REVALIDATE_FILE : 'config files'} for ${deps.host}`);
  const files = new Map<string, string>();
  for (const entry of entries) files.set(entry.fnameOnDisk, await deps.api.file(entry));
  return files;
}

/** Backs up, writes and reloads; on a failed reload the previous set goes back and the error stands. */
async function apply(deps: PassDeps, kind: PassKind, changes: FileChange[]): Promise<string | null> {
  if (changes.length === 0) {
    deps.log(kind, 'every file already matches the server: nothing to write, no reload');
    return null;
  }
  const saved = backup(deps.configDir, changes, deps.now().toISOString().replace(/[:.]/g, '-'));
  install(deps.configDir, changes);
  deps.log(kind, `wrote ${changes.map((c) => c.name).join(', ')} (previous set in ${saved})`);
  let reloaded: boolean;
  try {
    reloaded = await deps.reload();
  } catch (err) {
    restore(deps.configDir, changes);
    throw new Error(`reload failed, previous files restored: ${(err as Error).message}`);
  }
  deps.log(kind, reloaded ? 'reloaded ATS' : 'no reload command (--reload-command ""): ATS reads them when reloaded');
  return saved;
}

/**
 * Tells the server that this cache is alive although it had nothing to apply. A server without the route (Traffic
 * Ops itself) or a refusal is logged, not fatal: the pass did its work, only the cache's CKIN time lags.
 */
async function heartbeat(deps: PassDeps, kind: PassKind): Promise<void> {
  try {
    await deps.api.heartbeat(deps.host);
  } catch (err) {
    deps.log(kind, `heartbeat not recorded: ${(err as Error).message}`);
  }
}

/**
 * One pass: check in, decide, and when there is something to apply fetch the files (every file, or only
 * regex_revalidate.config), validate them all, write the changed ones atomically with a backup, reload ATS, and
 * report the flags back. A dry run stops after printing the diff. Failures reject and report nothing.
 */
export async function runPass(deps: PassDeps, kind: PassKind): Promise<PassOutcome> {
  const statuses = await deps.api.updateStatus(deps.host);
  const status = statuses.find((s) => s.host_name === deps.host) ?? statuses[0] ?? null;
  const decision = decide(kind, statuses, deps.host, deps.wait, deps.force);
  const outcome: PassOutcome = { status, written: [], backup: null, reported: false };
  deps.log(kind, `check-in: ${decision.action === 'skip' ? 'skip' : 'apply'}: ${decision.reason}`);
  if (decision.action === 'skip' || status === null) {
    if (!deps.dryRun && status !== null) await heartbeat(deps, kind);
    return outcome;
  }
  const files = await fetchFiles(deps, kind);
  const problems = validateFiles(files);
  if (deps.pluginDir !== null) problems.push(...missingPlugins(files, deps.pluginDir));
  if (problems.length > 0)
    throw new Error(`the server's files do not validate, nothing written: ${problems.join('; ')}`);
  const changes = changedFiles(readCurrent(deps.configDir, files.keys()), files);
  if (deps.dryRun) {
    for (const change of changes) deps.out(lineDiff(change));
    deps.log(
      kind,
      `dry run: would write ${changes.length} file(s)${changes.length ? `: ${changes.map((c) => c.name).join(', ')}` : ''}, reload and report; did nothing`,
    );
    return outcome;
  }
  outcome.backup = await apply(deps, kind, changes);
  outcome.written = changes.map((c) => c.name);
  const flags = reportFor(kind, status);
  await deps.api.report(deps.host, flags);
  deps.log(kind, `reported updated=${flags.updated} reval_updated=${flags.reval_updated}`);
  outcome.reported = true;
  return outcome;
}
