import type { Command } from 'commander';
import { listJobs, type Job } from '../src/client/jobs.js';
import { tableOutput, type Column } from '../src/output/format.js';
import { positiveInt } from './common/parse.js';
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

/** `cdnctl jobs list` (create jobs with `cdnctl purge`). */
export function registerJobs(program: Command): void {
  const jobs = addNoun(program, 'jobs', 'Your content-invalidation (purge) jobs; create one with cdnctl purge', ['cdnctl jobs list']);
  addVerb<{ keyword?: string }>(jobs, {
    name: 'list',
    description: 'List your purge jobs, newest first',
    examples: ['cdnctl jobs list', 'cdnctl jobs list --keyword PURGE -o json'],
    api: { min: '1.1', preferred: '1.2' },
    configure: (c) => c.option('--keyword <keyword>', 'only jobs with this keyword (PURGE)'),
    run: async (inv, _args, flags) => {
      const { response } = await listJobs(await inv.client(), { keyword: flags.keyword });
      return tableOutput(response, response, COLUMNS, 'No jobs found.');
    },
  });
  addVerb<{ timeout: number; interval: number }>(jobs, {
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
