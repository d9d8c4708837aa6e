/**
 * Lets writes yield to reads. A burst of purges on a few connections would otherwise take the event loop's time
 * in proportion to their cost (a purge costs some ten cached reads), and reads on many connections would wait
 * behind it. While reads arrive, writes start at the rate of `perTurn` per turn of the event loop: each turn
 * earns that much credit (up to `batch`), and waiting writes start together once the credit covers them all or a
 * whole batch, so that group commit still gathers them into one commit (one disk flush, which blocks the loop,
 * per batch rather than per write). Without reads a write starts at once. It only orders work: every write still
 * runs, in order, and none waits much longer than MAX_WAIT_MS (when turns are long, reads do not starve writes).
 */
export class WriteGate {
  private credit: number;
  private reads = 0;
  private readsBefore = 0;
  private readonly queue: Array<{ start: () => void; since: number }> = [];
  private ticking = false;

  constructor(
    private readonly perTurn = WRITES_PER_TURN_UNDER_READS,
    private readonly batch = WRITE_BATCH,
    private readonly now: () => number = performance.now.bind(performance),
  ) {
    this.credit = batch;
  }

  /** Notes a read, arrived in this turn. */
  noteRead(): void {
    this.reads++;
    this.tick();
  }

  /** null: the write may start now; else a promise that resolves when it may. */
  admit(): Promise<void> | null {
    if (this.reads + this.readsBefore === 0 && this.queue.length === 0) return null;
    this.tick();
    if (this.queue.length === 0 && this.credit >= 1) {
      this.credit--;
      return null;
    }
    return new Promise((resolve) => this.queue.push({ start: resolve, since: this.now() }));
  }

  private tick(): void {
    if (this.ticking) return;
    this.ticking = true;
    setImmediate(() => this.turn());
  }

  /** The end of a turn: credit is earned, the reads of the turn before are forgotten, waiting writes may start. */
  private turn(): void {
    this.ticking = false;
    this.readsBefore = this.reads;
    this.reads = 0;
    const contended = this.readsBefore > 0;
    this.credit = contended ? Math.min(this.batch, this.credit + this.perTurn) : this.batch;
    let starting = 0;
    if (!contended) starting = this.queue.length;
    else if (this.credit >= Math.min(this.queue.length, this.batch))
      starting = Math.min(this.queue.length, Math.floor(this.credit));
    const overdue = this.now() - MAX_WAIT_MS;
    while (starting < this.queue.length && this.queue[starting].since <= overdue) starting++;
    this.credit = Math.max(0, this.credit - starting);
    for (const { start } of this.queue.splice(0, starting)) start();
    if (this.queue.length > 0 || contended) this.tick();
  }
}

/** The rate writes start at while reads arrive, per turn (a purge costs about ten cached reads of the loop). */
export const WRITES_PER_TURN_UNDER_READS = 1;

/** The most writes that start together (and commit together) while reads arrive. */
export const WRITE_BATCH = 8;

/** The longest a write waits for its turn; those that waited longer all start at the next turn. */
export const MAX_WAIT_MS = 50;
