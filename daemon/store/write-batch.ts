import { StoreUnavailableError } from './unavailable.js';
import type { Db } from './db.js';
import { guardWrite } from './faults.js';

interface Queued {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for frequent small writes. With `synchronous=FULL` every commit waits for the disk to flush
 * (a few milliseconds), which caps one-write-per-commit at a few hundred writes a second. The writes queued
 * during one turn of the event loop run together at its end (at most MAX_BATCH of them), each inside its own
 * savepoint, and commit once;
 * every promise settles only after that commit, so nothing is acknowledged before it is on disk.
 *
 * A write that throws is rolled back alone and rejects alone. A fault of the file or disk (503) rolls back the
 * whole batch and rejects every write in it. The batch runs synchronously, so no other request ever reads
 * rows of a batch that has not committed.
 */
export type WriteBatcher = <T>(write: () => T) => Promise<T>;

/**
 * The most writes one commit takes. A burst of thousands of purges then commits in batches of this size, and
 * between two batches the event loop turns (setImmediate), so reads arriving meanwhile are answered instead of
 * waiting for the whole burst: the batch bounds how long the loop is held by writes, while one disk flush still
 * serves many writes.
 */
export const MAX_BATCH = 64;

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
