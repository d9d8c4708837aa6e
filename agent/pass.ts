import type { AgentApi } from './api.js';
import { decide, reportFor, type Decision, type ParentHold } from './decide.js';
import { changedFiles, lineDiff, type FileChange } from './diff.js';
import { backup, install, readCurrent, restore } from './disk.js';
import type { ConfigFileEntry, PassKind, UpdateStatus, WaitForParents } from './types.js';
import { missingPlugins } from './plugins.js';
import { validateFiles } from './validate.js';
import { logMark, reloadVerdict } from './ats-verdict.js';
import type { ShellResult } from './reload.js';
import { stage, unstage, verifiable, verifyCommandFor, verifyVerdict } from './verify.js';

/** How the agent has ATS judge a set (issue 32, finding 2): before it is installed, and after the reload. */
export interface AtsChecks {
  /** Checks a staged directory (`{dir}`), e.g. `traffic_server -C verify_config -D {dir}`; null: not run. */
  verifyCommand: string | null;
  /** ATS's log directory (diags.log), where ATS says what it made of a reload; null: not read. */
  logDir: string | null;
  /** How long to wait after a reload for ATS to finish re-reading the files. */
  verdictTimeoutMs: number;
  run: (command: string, env: NodeJS.ProcessEnv) => Promise<ShellResult>;
  sleep: (ms: number) => Promise<void>;
}

/** A set the agent did not apply, or ATS did not take: reported to the server, the flags left as they were read. */
export class ApplyRefused extends Error {
  override name = 'ApplyRefused';
}

export interface PassDeps {
  /** With `reportFailure`, a refused set's reason goes to the server too (issue 32); with `fileSet`, one fetch. */
  api: Pick<AgentApi, 'updateStatus' | 'fileList' | 'file' | 'report' | 'heartbeat'> &
    Partial<Pick<AgentApi, 'reportFailure' | 'fileSet'>>;
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
  /** ATS's verdict before and after applying; absent: neither is asked. */
  ats?: AtsChecks;
  /**
   * Since when each kind of pass has been held back for pending parents (epoch ms; absent: not held), kept by the
   * caller across passes, and the most it may be held (--parent-wait-max). Absent: held as long as they are pending.
   */
  parentHold?: { maxMs: number; since: Partial<Record<PassKind, number>> };
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
  const mark = deps.ats?.logDir ? logMark(deps.ats.logDir) : 0;
  let reloaded: boolean;
  try {
    reloaded = await deps.reload();
  } catch (err) {
    restore(deps.configDir, changes);
    throw new ApplyRefused(`reload failed, previous files restored: ${(err as Error).message}`);
  }
  deps.log(kind, reloaded ? 'reloaded ATS' : 'no reload command (--reload-command ""): ATS reads them when reloaded');
  if (reloaded) await afterReload(deps, kind, changes, mark);
  return saved;
}

/**
 * Reads what ATS made of the reload; when it refused a changed file, the previous set goes back and is reloaded
 * (the last good set stays live), and the pass fails with ATS's words.
 */
async function afterReload(deps: PassDeps, kind: PassKind, changes: FileChange[], mark: number): Promise<void> {
  const ats = deps.ats;
  if (!ats?.logDir) return;
  const verdict = await reloadVerdict({
    logDir: ats.logDir,
    mark,
    changed: changes.map((c) => c.name),
    timeoutMs: ats.verdictTimeoutMs,
    sleep: ats.sleep,
    now: () => deps.now().getTime(),
  });
  if (verdict.unknown.length > 0)
    deps.log(kind, `ATS had not re-read ${verdict.unknown.join(', ')} after ${ats.verdictTimeoutMs} ms: not judged`);
  if (verdict.refused.length === 0) return;
  restore(deps.configDir, changes);
  let again = 'reloaded';
  try {
    await deps.reload();
  } catch (err) {
    again = `not reloaded (${(err as Error).message})`;
  }
  throw new ApplyRefused(
    `ATS refused the new files after the reload (${verdict.refused.join('; ')}); the previous set is back in place and ${again}`,
  );
}

/** Has ATS check the whole set, staged beside the live files, before any is replaced (verify_config). */
async function verifyWithAts(deps: PassDeps, kind: PassKind, files: Map<string, string>, changes: FileChange[]) {
  const command = deps.ats?.verifyCommand;
  if (!deps.ats || !command || !verifiable(changes.map((c) => c.name))) return;
  const dir = stage(deps.configDir, files);
  try {
    // ERROR lines to stderr (not only diags.log): they say why.
    const result = await deps.ats.run(verifyCommandFor(command, dir), { PROXY_CONFIG_DIAGS_OUTPUT_ERROR: 'E' });
    const verdict = verifyVerdict(result);
    if (!verdict.ok && verdict.refused)
      throw new ApplyRefused(`ATS refused the files, nothing written (${command}): ${verdict.why}`);
    if (!verdict.ok) {
      throw new ApplyRefused(
        `ATS's check of the files did not run, nothing written (${command} exited with ${result.code}: ${verdict.why}); fix --verify-command, or set it to "" to apply unchecked`,
      );
    }
    deps.log(kind, `ATS verified the set (${command})`);
  } finally {
    unstage(deps.configDir);
  }
}

/**
 * Tells the server why the pass applied nothing (cdnctl's daemon keeps it on the server's record), with the flags
 * as they were read, so nothing is lowered. Only a server that stamps its reads (x-cdnctl-read-time) takes it; a
 * refusal of the report is logged, and the pass's own error stands.
 */
async function reportFailure(deps: PassDeps, kind: PassKind, status: UpdateStatus, reason: string): Promise<void> {
  if (!deps.api.reportFailure) return;
  try {
    const sent = await deps.api.reportFailure(
      deps.host,
      { updated: status.upd_pending, reval_updated: status.reval_pending },
      reason,
    );
    if (sent) deps.log(kind, 'reported the failure to the server (flags left raised)');
  } catch (err) {
    deps.log(kind, `failure not reported: ${(err as Error).message}`);
  }
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

/** How long this kind of pass has been held back for parents so far. */
function holdOf(deps: PassDeps, kind: PassKind): ParentHold | undefined {
  const hold = deps.parentHold;
  if (!hold) return undefined;
  const since = hold.since[kind];
  return { heldMs: since === undefined ? 0 : deps.now().getTime() - since, maxMs: hold.maxMs };
}

/** A hold starts at the first pass held back for parents and ends with any other decision. */
function trackHold(deps: PassDeps, kind: PassKind, decision: Decision): void {
  const since = deps.parentHold?.since;
  if (!since) return;
  if (decision.action === 'skip' && decision.parents) since[kind] ??= deps.now().getTime();
  else delete since[kind];
}

/**
 * One pass: check in, decide, and when there is something to apply fetch the files (every file, or only
 * regex_revalidate.config), validate them all, have ATS verify them staged, write the changed ones atomically with a
 * backup, reload ATS, read its verdict, and report the flags back. A dry run stops after printing the diff. A set
 * refused on the way (ApplyRefused) is reported as a failure with the flags as read, then rejects; other failures
 * (the server unreachable) reject and report nothing.
 */
export async function runPass(deps: PassDeps, kind: PassKind): Promise<PassOutcome> {
  const statuses = await deps.api.updateStatus(deps.host);
  const status = statuses.find((s) => s.host_name === deps.host) ?? statuses[0] ?? null;
  const decision = decide(kind, statuses, deps.host, deps.wait, deps.force, holdOf(deps, kind));
  trackHold(deps, kind, decision);
  const outcome: PassOutcome = { status, written: [], backup: null, reported: false };
  deps.log(kind, `check-in: ${decision.action === 'skip' ? 'skip' : 'apply'}: ${decision.reason}`);
  if (decision.action === 'skip' || status === null) {
    if (!deps.dryRun && status !== null) await heartbeat(deps, kind);
    return outcome;
  }
  const files = await fetchFiles(deps, kind);
  try {
    return await applyFiles(deps, kind, status, files, outcome);
  } catch (err) {
    if (err instanceof ApplyRefused && !deps.dryRun) await reportFailure(deps, kind, status, err.message);
    throw err;
  }
}

/** Checks the fetched set, writes what changed, reloads and reports; a set that fails is refused (ApplyRefused). */
async function applyFiles(
  deps: PassDeps,
  kind: PassKind,
  status: UpdateStatus,
  files: Map<string, string>,
  outcome: PassOutcome,
): Promise<PassOutcome> {
  const problems = validateFiles(files);
  if (deps.pluginDir !== null) problems.push(...missingPlugins(files, deps.pluginDir));
  if (problems.length > 0)
    throw new ApplyRefused(`the server's files do not validate, nothing written: ${problems.join('; ')}`);
  const changes = changedFiles(readCurrent(deps.configDir, files.keys()), files);
  if (deps.dryRun) {
    for (const change of changes) deps.out(lineDiff(change));
    deps.log(
      kind,
      `dry run: would write ${changes.length} file(s)${changes.length ? `: ${changes.map((c) => c.name).join(', ')}` : ''}, reload and report; did nothing`,
    );
    return outcome;
  }
  await verifyWithAts(deps, kind, files, changes);
  outcome.backup = await apply(deps, kind, changes);
  outcome.written = changes.map((c) => c.name);
  const flags = reportFor(kind, status);
  await deps.api.report(deps.host, flags, null);
  deps.log(kind, `reported updated=${flags.updated} reval_updated=${flags.reval_updated}`);
  outcome.reported = true;
  return outcome;
}
