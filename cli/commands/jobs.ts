import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import { ApiError } from '../../shared/client/errors.js';
import type { HttpClient } from '../../shared/client/http.js';
import {
  deleteJob,
  getJob,
  listAllJobs,
  listJobs,
  type AllJobsFilter,
  type InvalidationJob,
  type Job,
} from '../../shared/client/jobs.js';
import { jobPropagation } from '../../shared/client/servers.js';
import { jobExpiry, jobState } from '../../shared/rules/job-time.js';
import { formatTimestamp, parseTimestamp } from '../../shared/time.js';
import { messageOutput, recordOutput, tableOutput, type Column, type Output } from '../output/format.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import type { Invocation } from './common/invocation.js';
import { asId, positiveInt } from './common/parse.js';
import { addNoun, addVerb } from './common/verb.js';
import { seconds, watchPropagation, type WatchOptions } from './common/watch.js';
import { writeOutput } from './common/write.js';

/** One job as every jobs table shows it, whichever record (the seed's Job or Traffic Ops' InvalidationJob) it came from. */
interface JobRow {
  id: number;
  ds: string;
  assetUrl: string;
  parameters: string;
  start: string;
  status: string;
  user: string;
  keyword: string;
}

/** `YYYY-MM-DD hh:mm:ss` (UTC), the one date format of the jobs tables, whatever the API version wrote. */
const plainTime = (text: string): string => {
  const ms = parseTimestamp(text);
  return ms === null ? text : formatTimestamp(ms);
};

const stateOf = (job: { startTime: string; parameters: string }): string => jobState(job, Date.now()) ?? '-';

const fromJob = (j: Job): JobRow => ({
  id: Number(j.id),
  ds: j.dsXmlId,
  assetUrl: j.assetUrl,
  parameters: j.parameters,
  start: plainTime(j.startTime),
  status: stateOf(j),
  user: j.username,
  keyword: j.keyword,
});

const fromInvalidationJob = (j: InvalidationJob): JobRow => ({
  id: j.id,
  ds: j.deliveryService,
  assetUrl: j.assetUrl,
  parameters: j.parameters,
  start: plainTime(j.startTime),
  status: stateOf(j),
  user: j.createdBy,
  keyword: j.keyword,
});

const COLUMNS: Column<JobRow>[] = [
  { header: 'ID', value: (j) => j.id },
  { header: 'DS', value: (j) => j.ds },
  { header: 'ASSET URL', value: (j) => j.assetUrl },
  { header: 'PARAMETERS', value: (j) => j.parameters },
  { header: 'START', value: (j) => j.start },
  { header: 'STATUS', value: (j) => j.status },
  { header: 'USER', value: (j) => j.user, wide: true },
  { header: 'KEYWORD', value: (j) => j.keyword, wide: true },
];

interface JobsFlags {
  keyword?: string;
  ds?: string;
  user?: string;
  all?: boolean;
}

/** Your own jobs (GET user/current/jobs), newest first as the server lists them. */
async function ownJobs(http: HttpClient, flags: JobsFlags): Promise<Output> {
  const { response } = await listJobs(http, { keyword: flags.keyword });
  return tableOutput(response, response.map(fromJob), COLUMNS, 'No jobs found.');
}

function allJobsFilter(flags: JobsFlags): AllJobsFilter {
  const filter: AllJobsFilter = { keyword: flags.keyword };
  if (flags.ds !== undefined) {
    const id = asId(flags.ds);
    if (id === null) filter.deliveryService = flags.ds;
    else filter.dsId = id;
  }
  if (flags.user !== undefined) {
    const id = asId(flags.user);
    if (id === null) filter.createdBy = flags.user;
    else filter.userId = id;
  }
  return filter;
}

/** Everyone's jobs the caller may see (GET jobs), filtered by the server, newest first. */
async function allJobs(http: HttpClient, flags: JobsFlags): Promise<Output> {
  try {
    const { response } = await listAllJobs(http, allJobsFilter(flags));
    const newest = [...response].sort((a, b) => b.id - a.id);
    return tableOutput(newest, newest.map(fromInvalidationJob), COLUMNS, 'No jobs found.');
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      throw new CliError(
        `${http.baseUrl} does not serve GET jobs (everyone's jobs)`,
        EXIT.ERROR,
        'list your own jobs with: cdnctl jobs list (without --all, --user or --ds)',
      );
    }
    throw err;
  }
}

/** The job by id, or exit 1 naming it. */
async function findJob(http: HttpClient, id: number): Promise<InvalidationJob> {
  const job = await getJob(http, id);
  if (!job)
    throw new CliError(`job ${id} not found`, EXIT.ERROR, 'list the jobs you may see with: cdnctl jobs list --all');
  return job;
}

function jobFields(job: InvalidationJob): Array<[string, unknown]> {
  const row = fromInvalidationJob(job);
  return [
    ['ID', row.id],
    ['DS', row.ds],
    ['Asset URL', row.assetUrl],
    ['Parameters', row.parameters],
    ['Start', `${row.start} UTC`],
    ['Status', row.status],
    ['User', row.user],
    ['Keyword', row.keyword],
  ];
}

interface CancelFlags extends DestructiveFlags {
  watch?: boolean;
  timeout: number;
  interval: number;
}

/**
 * `cdnctl jobs cancel <id>`: DELETE jobs?id=N (1.4); the caches drop the rule through their next revalidation,
 * which `--watch` (or `cdnctl jobs watch <id>` later) follows, MID tier then EDGE tier (issue 33).
 */
async function cancelJob(inv: Invocation, id: number, flags: CancelFlags): Promise<Output> {
  const http = await inv.client({ version: '1.4' });
  const job = await findJob(http, id);
  const label = `purge job ${job.id} of ${job.deliveryService} (${job.assetUrl})`;
  if (flags.dryRun) {
    inv.printer.note('dry run: nothing was changed');
    return messageOutput({ dryRun: true, cancel: job }, `Would cancel ${label}`);
  }
  await confirmDestructive(inv.printer, { description: `cancel ${label}` }, flags);
  let result;
  try {
    result = await deleteJob(http, id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new CliError(`job ${id} not found`, EXIT.ERROR);
    throw err;
  }
  const cancelled = `Cancelled ${label}; the caches of its CDN drop the rule at their next revalidation`;
  if (flags.watch) {
    inv.printer.alerts(result.alerts.filter((alert) => inv.printer.structured || alert.level !== 'success'));
    if (!inv.printer.structured) inv.printer.note(cancelled);
    return watchPropagation(inv, http, id, flags);
  }
  return writeOutput(inv, result, `${cancelled} (follow them with: cdnctl jobs watch ${id})`);
}

/** A job that is gone: a cancelled one still has the removal of its rule to follow (issue 33); else not found. */
async function watchCancelled(inv: Invocation, http: HttpClient, id: number, flags: WatchOptions): Promise<Output> {
  try {
    await jobPropagation(http, id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) await findJob(http, id);
    throw err;
  }
  return watchPropagation(inv, http, id, flags);
}

/**
 * `jobs watch`: follows a job that still applies, or the removal of a cancelled one's rule; an expired one has no
 * progress to show, and says so.
 */
async function watchJob(inv: Invocation, id: number, flags: WatchOptions): Promise<Output> {
  const http = await inv.client();
  const job = await getJob(http, id);
  if (!job) return watchCancelled(inv, http, id, flags);
  const ends = jobExpiry(job);
  if (ends !== null && ends <= Date.now()) {
    const text = `job ${id} expired at ${formatTimestamp(ends)} UTC: its rule no longer applies, nothing to follow`;
    return messageOutput({ ...job, expired: true }, text);
  }
  return watchPropagation(inv, http, id, flags);
}

function registerList(jobs: Command): void {
  addVerb<JobsFlags>(jobs, {
    name: 'list',
    description:
      'List your purge jobs, newest first; --all, --ds or --user list every job you may see (GET jobs), newest first',
    examples: [
      'cdnctl jobs list',
      'cdnctl jobs list --ds acme-vod',
      'cdnctl jobs list --all --user acme_ops -o json',
      'cdnctl jobs list --keyword PURGE -o csv',
    ],
    api: { min: '1.1', preferred: '1.2' },
    configure: (c) =>
      c
        .option('--ds <xmlId|id>', 'every job of this delivery service you may see (implies --all)')
        .option('--user <username|id>', 'only jobs this user created (implies --all)')
        .option('--all', "everyone's jobs your role and tenant may see, not only yours (GET jobs)")
        .option('--keyword <keyword>', 'only jobs with this keyword (PURGE)'),
    run: async (inv, _args, flags) => {
      const http = await inv.client();
      const everyone = flags.all || flags.user !== undefined || flags.ds !== undefined;
      return everyone ? allJobs(http, flags) : ownJobs(http, flags);
    },
  });
}

/** `cdnctl jobs list|get|watch|cancel` (create jobs with `cdnctl purge`). */
export function registerJobs(program: Command): void {
  const jobs = addNoun(program, 'jobs', 'Content-invalidation (purge) jobs; create one with cdnctl purge', [
    'cdnctl jobs list',
    'cdnctl jobs list --all --ds acme-vod',
  ]);
  registerList(jobs);
  addVerb<object, [string]>(jobs, {
    name: 'get <id>',
    description: 'Show one job you may see: its delivery service, asset URL, TTL, start and status',
    examples: ['cdnctl jobs get 42', 'cdnctl jobs get 42 -o json'],
    api: { min: '1.1', preferred: '1.2' },
    run: async (inv, [id]) => {
      const job = await findJob(await inv.client(), positiveInt(id));
      return recordOutput(job, jobFields(job));
    },
  });
  addVerb<{ timeout: number; interval: number }, [string]>(jobs, {
    name: 'watch <id>',
    description: 'Follow a job to the caches: MID tier, then EDGE tier, until every cache applied it',
    examples: ['cdnctl jobs watch 42', 'cdnctl jobs watch 42 --timeout 1800 -o json'],
    api: { min: '1.1' },
    configure: (c) =>
      c
        .option('--timeout <seconds>', 'give up after this long (exit 1)', seconds, 2700)
        .option('--interval <seconds>', 'seconds between polls', seconds, 5),
    run: (inv, [id]: [string], flags) => watchJob(inv, positiveInt(id), flags),
  });
  addVerb<CancelFlags, [string]>(jobs, {
    name: 'cancel <id>',
    description:
      'Cancel a purge job (DELETE jobs, API 1.4): the caches of its CDN drop the rule at their next revalidation',
    examples: ['cdnctl jobs cancel 42', 'cdnctl jobs cancel 42 --yes --watch', 'cdnctl jobs cancel 42 --dry-run'],
    api: { min: '1.1', preferred: '1.2' },
    configure: (c) =>
      destructiveOptions(c)
        .option(
          '--watch',
          'then follow the removal to the caches (MID tier, then EDGE tier) until all dropped the rule',
        )
        .option('--timeout <seconds>', 'with --watch: give up after this long (exit 1)', seconds, 2700)
        .option('--interval <seconds>', 'with --watch: seconds between polls', seconds, 5),
    run: (inv, [id], flags) => cancelJob(inv, positiveInt(id), flags),
  });
}
