import type { Db } from './sqlite/db.js';
import { guardWrite } from './faults.js';

/** Levels of change-log entries: changes through the API, and sign-ins and sign-outs apart. */
export const LOG_LEVEL = { change: 'APICHANGE', login: 'LOGIN' } as const;

/**
 * One change-log entry to append. `user` is the acting user's id (its username is recorded as it is now), or a
 * name alone for changes no user made through the API (`cdnctl daemon import`). `tenants` are the tenants the
 * entry is about: it is shown only to callers who see every one of them (none: shown to every reader). A message
 * never holds a secret: no password, hash, token or session id.
 */
export interface ChangeEntry {
  level?: string;
  message: string;
  user: number | { name: string };
  ticketNum?: number | null;
  tenants?: readonly number[];
  /** Epoch milliseconds, from the app's clock (the caller's `ctx.clock()`), so a test clock governs the log too. */
  at: number;
}

/**
 * What a store write takes to log itself in its own transaction: an entry, or a function of the write's result
 * that answers the entry (null: the write changed nothing worth logging, e.g. a refused duplicate).
 */
export type Change<R> = ChangeEntry | ((result: R) => ChangeEntry | null);

/** A stored entry, as GET logs shows it. */
export interface LogEntry {
  id: number;
  level: string;
  message: string;
  user: string;
  ticketNum: number | null;
  lastUpdated: number;
}

export interface LogQuery {
  /** Entries newer than this (epoch ms). */
  since: number;
  limit: number;
  /** Tenants the caller sees; null when it sees every tenant. */
  visibleTenantIds: number[] | null;
  /** Only entries of this username (null: everyone's). */
  username: string | null;
}

/** The change log (Traffic Ops' `log` table): read by GET logs, appended to by every write. */
export interface ChangeLogStore {
  list(query: LogQuery): Promise<LogEntry[]>;
  /** How many entries visible to the caller are newer than `since`. */
  countSince(since: number, visibleTenantIds: number[] | null): Promise<number>;
  /** Appends an entry in a transaction of its own (for changes no other store write carries). */
  append(entry: ChangeEntry): Promise<void>;
}

/** A row of the log table as GET logs reads it (shared with the PostgreSQL store). */
export interface LogRow {
  id: number;
  level: string;
  message: string;
  username: string;
  ticket_num: number | null;
  last_updated: number;
}

/** An entry is visible when every tenant it names is among the caller's. */
const VISIBLE = `NOT EXISTS (SELECT 1 FROM json_each(l.tenant_ids) t
  WHERE t.value NOT IN (SELECT value FROM json_each(@tenants)))`;
const SELECT = 'SELECT l.id, l.level, l.message, l.username, l.ticket_num, l.last_updated FROM log l';

/** The one statement that writes entries: store writes call `append` inside their own transaction. */
export interface ChangeAppender {
  append(entry: ChangeEntry): void;
  /** Appends the entry a `Change` answers for `result`, if any. */
  record<R>(change: Change<R> | undefined, result: R): void;
}

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

/** Runs a write and its change-log entry in one transaction (a savepoint inside an open one). */
export type LoggedWrite = <R>(write: () => R, change: Change<R> | undefined) => R;

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

export const toEntry = (r: LogRow): LogEntry => ({
  id: r.id,
  level: r.level,
  message: r.message,
  user: r.username,
  ticketNum: r.ticket_num,
  lastUpdated: r.last_updated,
});

export function sqliteChangeLog(db: Db): ChangeLogStore {
  const order = 'ORDER BY l.last_updated DESC, l.id DESC LIMIT @limit';
  const lists = {
    all: db.prepare<Record<string, unknown>, LogRow>(`${SELECT} WHERE l.last_updated > @since ${order}`),
    tenancy: db.prepare<Record<string, unknown>, LogRow>(`${SELECT} WHERE l.last_updated > @since AND ${VISIBLE} ${order}`),
    allUser: db.prepare<Record<string, unknown>, LogRow>(`${SELECT} WHERE l.last_updated > @since AND l.username = @username ${order}`),
    tenancyUser: db.prepare<Record<string, unknown>, LogRow>(
      `${SELECT} WHERE l.last_updated > @since AND l.username = @username AND ${VISIBLE} ${order}`,
    ),
  };
  const counts = {
    all: db.prepare<Record<string, unknown>, { n: number }>('SELECT count(*) AS n FROM log l WHERE l.last_updated > @since'),
    tenancy: db.prepare<Record<string, unknown>, { n: number }>(
      `SELECT count(*) AS n FROM log l WHERE l.last_updated > @since AND ${VISIBLE}`,
    ),
  };
  const appender = changeLog(db);
  const appendTx = db.transaction((entry: ChangeEntry) => appender.append(entry));
  return {
    async list(q) {
      const tenancy = q.visibleTenantIds !== null;
      const statement = q.username === null ? (tenancy ? lists.tenancy : lists.all) : tenancy ? lists.tenancyUser : lists.allUser;
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
