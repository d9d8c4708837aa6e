import { toEntry, type ChangeLogStore, type LogRow } from '../change-log.js';
import { appendChange } from './change-append.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

// An entry is visible when every tenant it names is among the caller's: its tenant_ids are contained in theirs.
const SELECT = 'SELECT l.id, l.level, l.message, l.username, l.ticket_num, l.last_updated FROM log l';
const ORDER = 'ORDER BY l.last_updated DESC, l.id DESC LIMIT $2';

type ListParams = [since: number, limit: number | null, username: string | null, tenants: number[] | null];

// Four constant texts, one per shape, so that each gets a plan of its own (unused parameters are typed casts).
const lists = {
  all: statement<ListParams, LogRow>(
    'change_log_list_all',
    `${SELECT} WHERE l.last_updated > $1 AND $3::text IS NULL AND $4::int[] IS NULL ${ORDER}`,
  ),
  tenancy: statement<ListParams, LogRow>(
    'change_log_list_tenancy',
    `${SELECT} WHERE l.last_updated > $1 AND $3::text IS NULL AND l.tenant_ids <@ $4::int[] ${ORDER}`,
  ),
  allUser: statement<ListParams, LogRow>(
    'change_log_list_user',
    `${SELECT} WHERE l.last_updated > $1 AND l.username = $3 AND $4::int[] IS NULL ${ORDER}`,
  ),
  tenancyUser: statement<ListParams, LogRow>(
    'change_log_list_tenancy_user',
    `${SELECT} WHERE l.last_updated > $1 AND l.username = $3 AND l.tenant_ids <@ $4::int[] ${ORDER}`,
  ),
};
const countAll = statement<[number], { n: number }>(
  'change_log_count_all',
  'SELECT count(*) AS n FROM log l WHERE l.last_updated > $1',
);
const countTenancy = statement<[number, number[]], { n: number }>(
  'change_log_count_tenancy',
  'SELECT count(*) AS n FROM log l WHERE l.last_updated > $1 AND l.tenant_ids <@ $2::int[]',
);

/** The change log on PostgreSQL. */
export function pgChangeLog(pool: PgPool): ChangeLogStore {
  return {
    async list(q) {
      const tenancy = q.visibleTenantIds !== null;
      const list =
        q.username === null ? (tenancy ? lists.tenancy : lists.all) : tenancy ? lists.tenancyUser : lists.allUser;
      // SQLite reads a negative limit as "no limit"; PostgreSQL reads NULL so.
      const limit = q.limit < 0 ? null : q.limit;
      return (await list.all(pool, q.since, limit, q.username, q.visibleTenantIds)).map(toEntry);
    },
    async countSince(since, visibleTenantIds) {
      const row =
        visibleTenantIds === null
          ? await countAll.get(pool, since)
          : await countTenancy.get(pool, since, visibleTenantIds);
      return row?.n ?? 0;
    },
    async append(entry) {
      // One INSERT: a transaction of its own.
      await appendChange(pool, entry);
    },
  };
}
