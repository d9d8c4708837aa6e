import { StoreUnavailableError } from '../unavailable.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import { MAX_BATCH, type WriteBatcher } from '../write-batch.js';

const batchers = new WeakMap<Db, WriteBatcher>();

/** The batcher of `db`, one per connection, so every store's queued writes of a turn share its commit. */
export function writeBatcher(db: Db): WriteBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = newBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}

function newBatcher(db: Db): WriteBatcher {
  let queue: Queued[] = [];
  // One savepoint runner for every write (nested in the batch's transaction, better-sqlite3 makes it a
  // SAVEPOINT), not a new transaction function per write.
  const inSavepoint = db.transaction((write: () => unknown) => write());

  const flush = () => {
    const batch = queue.length <= MAX_BATCH ? queue : queue.slice(0, MAX_BATCH);
    queue = queue.length <= MAX_BATCH ? [] : queue.slice(MAX_BATCH);
    // What is left waits for the next turn of the event loop, after the I/O that arrived meanwhile.
    if (queue.length > 0) setImmediate(flush);
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      guardWrite(
        db.transaction(() => {
          for (const item of batch) {
            try {
              outcomes.push({ ok: true, value: guardWrite(() => inSavepoint(item.write)) });
            } catch (error) {
              if (error instanceof StoreUnavailableError) throw error;
              outcomes.push({ ok: false, error });
            }
          }
        }),
      );
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  };

  return <T>(write: () => T) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      if (queue.length === 1) setImmediate(flush);
    });
}

interface Queued {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
