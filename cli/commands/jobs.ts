import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import { ApiError } from '../../shared/client/errors.js';
import type { HttpClient } from '../../shared/client/http.js';
import { listAllJobs, listJobs, type AllJobsFilter, type InvalidationJob, type Job } from '../../shared/client/jobs.js';
import { tableOutput, type Column, type Output } from '../output/format.js';
import { asId, positiveInt } from './common/parse.js';
import { addNoun, addVerb } from './common/verb.js';
import { seconds, watchPropagation } from './common/watch.js';

const COLUMNS: Column<Job>[] = [
  { header: 'ID', value: (j) => j.id },
  { header: 'DS', value: (j) => j.dsXmlId },
  { header: 'ASSET URL', value: (j) => j.assetUrl },
  { header: 'PARAMETERS', value: (j) => j.parameters },
  { header: 'START', value: (j) => j.startTime },
  { header: 'STATUS', value: (j) => j.status },
  { header: 'USER', value: (j) => j.username, wide: true },
  { header: 'ENTERED', value: (j) => j.enteredTime, wide: true },
  { header: 'KEYWORD', value: (j) => j.keyword, wide: true },
];

const ALL_COLUMNS: Column<InvalidationJob>[] = [
  { header: 'ID', value: (j) => j.id },
  { header: 'DS', value: (j) => j.deliveryService },
  { header: 'ASSET URL', value: (j) => j.assetUrl },
  { header: 'PARAMETERS', value: (j) => j.parameters },
  { header: 'START', value: (j) => j.startTime },
  { header: 'USER', value: (j) => j.createdBy },
  { header: 'KEYWORD', value: (j) => j.keyword, wide: true },
];

interface JobsFlags {
  keyword?: string;
  ds?: string;
  user?: string;
  all?: boolean;
}

/** Your own jobs (GET user/current/jobs), narrowed to one delivery service by xmlId or id when asked. */
async function ownJobs(http: HttpClient, flags: JobsFlags): Promise<Output> {
  const { response } = await listJobs(http, { keyword: flags.keyword });
  const id = flags.ds === undefined ? null : asId(flags.ds);
  const rows =
    flags.ds === undefined
      ? response
      : response.filter((j) => (id === null ? j.dsXmlId === flags.ds : Number(j.dsId) === id));
  return tableOutput(rows, rows, COLUMNS, 'No jobs found.');
}

/** Everyone's jobs the caller may see (GET jobs), filtered by the server. */
async function allJobs(http: HttpClient, flags: JobsFlags): Promise<Output> {
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
  try {
    const { response } = await listAllJobs(http, filter);
    return tableOutput(response, response, ALL_COLUMNS, 'No jobs found.');
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      throw new CliError(
        `${http.baseUrl} does not serve GET jobs (everyone's jobs)`,
        EXIT.ERROR,
        'list your own jobs with: cdnctl jobs list (without --all or --user)',
      );
    }
    throw err;
  }
}

/** `cdnctl jobs list` (create jobs with `cdnctl purge`). */
export function registerJobs(program: Command): void {
  const jobs = addNoun(program, 'jobs', 'Content-invalidation (purge) jobs; create one with cdnctl purge', [
    'cdnctl jobs list',
    'cdnctl jobs list --all --ds acme-vod',
  ]);
  addVerb<JobsFlags>(jobs, {
    name: 'list',
    description: "List your purge jobs, newest first; --all (or --user) lists everyone's jobs you may see (GET jobs)",
    examples: [
      'cdnctl jobs list',
      'cdnctl jobs list --ds acme-vod',
      'cdnctl jobs list --all --user acme_ops -o json',
      'cdnctl jobs list --keyword PURGE -o csv',
    ],
    api: { min: '1.1', preferred: '1.2' },
    configure: (c) =>
      c
        .option('--ds <xmlId|id>', 'only jobs of this delivery service')
        .option('--user <username|id>', 'only jobs this user created (implies --all)')
        .option('--all', "everyone's jobs your role and tenant may see, not only yours (GET jobs)")
        .option('--keyword <keyword>', 'only jobs with this keyword (PURGE)'),
    run: async (inv, _args, flags) => {
      const http = await inv.client();
      return flags.all || flags.user !== undefined ? allJobs(http, flags) : ownJobs(http, flags);
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
    run: async (inv, [id]: [string], flags) => watchPropagation(inv, await inv.client(), positiveInt(id), flags),
  });
}
