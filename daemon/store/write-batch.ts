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
