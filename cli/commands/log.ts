import type { Command } from 'commander';
import { listLogs } from '../../shared/client/logs.js';
import type { LogRecord } from '../../shared/contract/logs.js';
import { tableOutput, type Column } from '../output/format.js';
import { positiveInt } from './common/parse.js';
import { addVerb } from './common/verb.js';

const COLUMNS: Column<LogRecord>[] = [
  { header: 'TIME', value: (e) => e.lastUpdated },
  { header: 'USER', value: (e) => e.user },
  { header: 'LEVEL', value: (e) => e.level },
  { header: 'MESSAGE', value: (e) => e.message },
  { header: 'ID', value: (e) => e.id, wide: true },
  { header: 'TICKET', value: (e) => e.ticketNum, wide: true },
];

interface LogFlags {
  days?: number;
  limit?: number;
  user?: string;
}

/** `cdnctl log`: the change log (who changed what), newest first. */
export function registerLog(program: Command): void {
  addVerb<LogFlags>(program, {
    name: 'log',
    description: 'Show the change log: who changed what, newest first (default: the last 30 days, 1000 entries)',
    examples: ['cdnctl log', 'cdnctl log --days 7 --user admin', 'cdnctl log --limit 20 -o json'],
    api: { min: '1.1' },
    configure: (c) =>
      c
        .option('--days <n>', 'entries of the last N days (default 30)', positiveInt)
        .option('--limit <n>', 'at most N entries', positiveInt)
        .option('--user <username>', 'only entries by this user'),
    run: async (inv, _args, flags) => {
      const { response } = await listLogs(await inv.client(), {
        days: flags.days,
        limit: flags.limit,
        username: flags.user,
      });
      return tableOutput(response, response, COLUMNS, 'No change-log entries found.');
    },
  });
}
