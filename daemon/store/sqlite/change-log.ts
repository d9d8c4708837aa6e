import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import {
  type Change,
  type ChangeAppender,
  type ChangeEntry,
  type ChangeLogStore,
  LOG_LEVEL,
  type LogRow,
  type LoggedWrite,
  toEntry,
} from '../change-log.js';

const appenders = new WeakMap<Db, ChangeAppender>();

/** The appender of `db` (one per connection): call it inside the transaction of the write it describes. */
export function changeLog(db: Db): ChangeAppender {
  const known = appenders.get(db);
  if (known) return known;
  const insert = db.prepare(
    `INSERT INTO log (level, message, user_id, username, ticket_num, tenant_ids, last_updated)
     VALUES (@level, @message, @userId, coalesce(@name, (SELECT username FROM users WHERE id = @userId), '?'),
             @ticketNum, @tenants, @at)`,
  );
  const appender: ChangeAppender = {
    append(entry) {
      const byId = typeof entry.user === 'number';
      insert.run({
        level: entry.level ?? LOG_LEVEL.change,
        message: entry.message,
        userId: byId ? entry.user : null,
        name: byId ? null : (entry.user as { name: string }).name,
        ticketNum: entry.ticketNum ?? null,
        tenants: JSON.stringify([...new Set(entry.tenants ?? [])]),
        at: entry.at,
      });
    },
    record(change, result) {
      if (!change) return;
      const entry = typeof change === 'function' ? change(result) : change;
      if (entry) appender.append(entry);
    },
  };
  appenders.set(db, appender);
  return appender;
}

const loggedWrites = new WeakMap<Db, LoggedWrite>();

/** The logged-write runner of `db`: `logged(() => write(), change)` commits the write and its entry together. */
export function loggedWrite(db: Db): LoggedWrite {
  const known = loggedWrites.get(db);
  if (known) return known;
  const log = changeLog(db);
  const run = db.transaction((write: () => unknown, change: Change<unknown> | undefined) => {
    const result = write();
    log.record(change, result);
    return result;
  }) as LoggedWrite;
  loggedWrites.set(db, run);
  return run;
}

export function sqliteChangeLog(db: Db): ChangeLogStore {
  const order = 'ORDER BY l.last_updated DESC, l.id DESC LIMIT @limit';
  const lists = {
    all: db.prepare<Record<string, unknown>, LogRow>(`${SELECT} WHERE l.last_updated > @since ${order}`),
    tenancy: db.prepare<Record<string, unknown>, LogRow>(
      `${SELECT} WHERE l.last_updated > @since AND ${VISIBLE} ${order}`,
    ),
    allUser: db.prepare<Record<string, unknown>, LogRow>(
      `${SELECT} WHERE l.last_updated > @since AND l.username = @username ${order}`,
    ),
    tenancyUser: db.prepare<Record<string, unknown>, LogRow>(
      `${SELECT} WHERE l.last_updated > @since AND l.username = @username AND ${VISIBLE} ${order}`,
    ),
  };
  const counts = {
    all: db.prepare<Record<string, unknown>, { n: number }>(
      'SELECT count(*) AS n FROM log l WHERE l.last_updated > @since',
    ),
    tenancy: db.prepare<Record<string, unknown>, { n: number }>(
      `SELECT count(*) AS n FROM log l WHERE l.last_updated > @since AND ${VISIBLE}`,
    ),
  };
  const appender = changeLog(db);
  const appendTx = db.transaction((entry: ChangeEntry) => appender.append(entry));
  return {
    async list(q) {
      const tenancy = q.visibleTenantIds !== null;
      const statement =
        q.username === null ? (tenancy ? lists.tenancy : lists.all) : tenancy ? lists.tenancyUser : lists.allUser;
      const params: Record<string, unknown> = { since: q.since, limit: q.limit };
      if (tenancy) params.tenants = JSON.stringify(q.visibleTenantIds);
      if (q.username !== null) params.username = q.username;
      return statement.all(params).map(toEntry);
    },
    async countSince(since, visibleTenantIds) {
      const row =
        visibleTenantIds === null
          ? counts.all.get({ since })
          : counts.tenancy.get({ since, tenants: JSON.stringify(visibleTenantIds) });
      return row?.n ?? 0;
    },
    async append(entry) {
      guardWrite(() => appendTx(entry));
    },
  };
}

/** An entry is visible when every tenant it names is among the caller's. */
const VISIBLE = `NOT EXISTS (SELECT 1 FROM json_each(l.tenant_ids) t
  WHERE t.value NOT IN (SELECT value FROM json_each(@tenants)))`;
const SELECT = 'SELECT l.id, l.level, l.message, l.username, l.ticket_num, l.last_updated FROM log l';
