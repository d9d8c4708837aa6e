import type { Statement } from 'better-sqlite3';
import type { Change } from '../change-log.js';
import { guardWrite } from '../faults.js';
import type { Query, Work, WorkRunner } from '../sql-work.js';
import { changeLog } from './change-log.js';
import type { Db } from './db.js';

interface Prepared {
  statement: Statement<unknown[], unknown>;
  /** For each `?` in order, the index of the value it takes. */
  order: number[];
}

/** Runs pieces of work (daemon/store/sql-work.ts) on SQLite, synchronously; each write in one transaction. */
export function sqliteWorkRunner(db: Db): WorkRunner {
  const prepared = new Map<string, Prepared>();
  const prepare = (sql: string): Prepared => {
    let found = prepared.get(sql);
    if (!found) {
      const order: number[] = [];
      const text = sql.replace(/\$(\d+)/g, (_all, n: string) => {
        order.push(Number(n) - 1);
        return '?';
      });
      found = { statement: db.prepare<unknown[], unknown>(text), order };
      prepared.set(sql, found);
    }
    return found;
  };
  const execute = (query: Query): unknown => {
    const { statement, order } = prepare(query.sql);
    const values = order.map((i) => sqliteValue(query.params[i]));
    return query.kind === 'all' ? statement.all(...values) : statement.run(...values).changes;
  };
  const drive = <T>(work: () => Work<T>): T => {
    const generator = work();
    let step = generator.next();
    while (!step.done) step = generator.next(execute(step.value));
    return step.value;
  };
  const log = changeLog(db);
  const transaction = db.transaction((work: () => Work<unknown>, changes: ReadonlyArray<Change<unknown>>) => {
    const result = drive(work);
    for (const change of changes) log.record(change, result);
    return result;
  });
  return {
    async write<T>(work: () => Work<T>, changes: ReadonlyArray<Change<T>> = []) {
      return guardWrite(() => transaction(work, changes as ReadonlyArray<Change<unknown>>) as T);
    },
    async read(work) {
      return drive(work);
    },
  };
}

/** Booleans travel as 0/1, as every flag column stores them. */
const sqliteValue = (value: unknown): unknown => (typeof value === 'boolean' ? (value ? 1 : 0) : value);
