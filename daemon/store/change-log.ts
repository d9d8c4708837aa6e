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

/** The one statement that writes entries: store writes call `append` inside their own transaction. */
export interface ChangeAppender {
  append(entry: ChangeEntry): void;
  /** Appends the entry a `Change` answers for `result`, if any. */
  record<R>(change: Change<R> | undefined, result: R): void;
}

/** Runs a write and its change-log entry in one transaction (a savepoint inside an open one). */
export type LoggedWrite = <R>(write: () => R, change: Change<R> | undefined) => R;

export const toEntry = (r: LogRow): LogEntry => ({
  id: r.id,
  level: r.level,
  message: r.message,
  user: r.username,
  ticketNum: r.ticket_num,
  lastUpdated: r.last_updated,
});
