import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import { createJob } from '../../shared/client/jobs.js';
import { planPurge, type PurgePlan } from '../../shared/client/purge-plan.js';
import { recordOutput } from '../output/format.js';
import { versionAtLeast } from '../../shared/client/types.js';
import { formatTimestamp, parseTimestamp } from '../../shared/time.js';
import type { Invocation } from './common/invocation.js';
import { positiveInt } from './common/parse.js';
import { ask, interactive } from './common/prompt.js';
import { purgeConfirmation } from '../../shared/rules/purge/confirmation.js';
import { findDeliveryService } from './common/resolve.js';
import { addVerb } from './common/verb.js';
import { seconds, watchPropagation } from './common/watch.js';
import { writeOutput } from './common/write.js';

interface PurgeFlags {
  ds: string;
  regex: string;
  ttl: number;
  start?: string;
  dryRun?: boolean;
  yes?: boolean;
  watch?: boolean;
  timeout: number;
  interval: number;
}

function startMs(text: string | undefined): number {
  if (text === undefined || text === 'now') return Date.now();
  const ms = parseTimestamp(text);
  if (ms === null) {
    throw new CliError(
      `--start "${text}" is not a time`,
      EXIT.USAGE,
      'use "now", "YYYY-MM-DD hh:mm:ss" (UTC) or RFC 3339, e.g. 2026-05-01T12:00:00Z',
    );
  }
  return ms;
}

const planFields = (plan: PurgePlan): Array<[string, unknown]> => [
  ['Delivery service', `${plan.xmlId} (id ${plan.dsId})`],
  ['Asset URL', plan.assetUrl],
  ['TTL', `${plan.ttlHours}h`],
  ['Active from', `${plan.startTime} UTC`],
  ['Expires', `${plan.expiresAt} UTC`],
];

/**
 * The purge-safety rule every surface shares (shared/rules/purge/confirmation.ts): a regex that matches everything
 * is sent once the xmlId is typed on a terminal, or with `--yes` elsewhere.
 */
async function confirmEverything(inv: Invocation, plan: PurgePlan, flags: PurgeFlags): Promise<void> {
  const needed = purgeConfirmation(plan.regex, plan.xmlId);
  if (!needed || flags.yes || flags.dryRun) return;
  if (!interactive()) throw new CliError(needed.warning, EXIT.USAGE, 'pass --yes to confirm, or narrow the regex');
  inv.printer.warn(needed.warning);
  if ((await ask(`${needed.question}: `)).trim() !== needed.typeToConfirm)
    throw new CliError('purge cancelled; nothing was sent', EXIT.ERROR);
}

/**
 * The server's own purge rules (daemon/jobs), run before anything is fetched or shown: a request the server
 * would refuse never gets a preview. Every failing field is named in one message (exit 1, as the API's answer).
 */
async function checkLocally(inv: Invocation, flags: PurgeFlags, start: number): Promise<void> {
  const { purgeErrors, DEFAULT_MAX_TTL_HOURS } = await import('../../shared/rules/forms/purge.js');
  const errors = purgeErrors(
    { regex: flags.regex, ttl: String(flags.ttl), startTime: formatTimestamp(start) },
    DEFAULT_MAX_TTL_HOURS,
    Date.now(),
    versionAtLeast(inv.version(), '1.2'),
  );
  const messages = Object.values(errors).filter((e): e is string => e !== undefined);
  if (messages.length > 0)
    throw new CliError(messages.join('; '), EXIT.ERROR, 'nothing was sent; see: cdnctl purge --help');
}

async function runPurge(inv: Invocation, _args: unknown[], flags: PurgeFlags) {
  const start = startMs(flags.start);
  await checkLocally(inv, flags, start);
  const http = await inv.client();
  const ds = await findDeliveryService(http, flags.ds);
  const plan = planPurge(ds, flags.regex, flags.ttl, start);
  if (typeof plan === 'string') throw new CliError(plan, EXIT.ERROR);
  if (flags.dryRun) {
    inv.printer.note('dry run: nothing was sent');
    return recordOutput({ dryRun: true, ...plan }, planFields(plan));
  }
  if (!inv.printer.structured) for (const [label, value] of planFields(plan)) inv.printer.note(`${label}: ${value}`);
  await confirmEverything(inv, plan, flags);
  const result = await createJob(http, {
    dsId: plan.dsId,
    regex: plan.regex,
    startTime: plan.startTime,
    ttl: plan.ttlHours,
  });
  const jobId = Number((result.response as { id?: unknown } | undefined)?.id);
  const job = Number.isSafeInteger(jobId) ? `purge job ${jobId}` : 'a purge job';
  const created = `Created ${job} for ${plan.xmlId}: ${plan.assetUrl}, active from ${plan.startTime} until ${plan.expiresAt} UTC`;
  if (flags.watch && Number.isSafeInteger(jobId)) {
    inv.printer.alerts(result.alerts.filter((alert) => inv.printer.structured || alert.level !== 'success'));
    if (!inv.printer.structured) inv.printer.note(created);
    return watchPropagation(inv, http, jobId, flags);
  }
  return writeOutput(inv, result, created);
}

/** `cdnctl purge`: a content-invalidation job for a delivery service. */
export function registerPurge(program: Command): void {
  addVerb<PurgeFlags>(program, {
    name: 'purge',
    description: 'Make matching content stale so caches revalidate it with the origin (a PURGE job)',
    examples: [
      "cdnctl purge --ds acme-news-images --regex '/images/.*' --ttl 24",
      "cdnctl purge --ds acme-live --regex '/live/.*\\.m3u8' --ttl 2 --start '2026-05-01 06:00:00' --dry-run",
      "cdnctl purge --ds 3 --regex '/.*' --ttl 48 --yes     # everything: needs --yes off a terminal",
    ],
    api: { min: '1.1', preferred: '1.2' },
    configure: (c) =>
      c
        .requiredOption('--ds <xmlId|id>', 'delivery service')
        .requiredOption('--regex <regex>', "path regex starting with '/', e.g. '/images/.*'")
        .requiredOption(
          '--ttl <hours>',
          "hours the rule stays active (about the content's cache lifetime)",
          positiveInt,
        )
        .option('--start <time>', 'when the rule starts: "now" (default), "YYYY-MM-DD hh:mm:ss" UTC or RFC 3339')
        .option('--dry-run', 'show the asset URL and expiry it would create; send nothing')
        .option('-y, --yes', 'do not ask, even when the regex matches everything')
        .option('--watch', 'then follow the job to the caches (MID tier, then EDGE tier) until all applied it')
        .option('--timeout <seconds>', 'with --watch: give up after this long (exit 1)', seconds, 2700)
        .option('--interval <seconds>', 'with --watch: seconds between polls', seconds, 5),
    run: runPurge,
  });
}
