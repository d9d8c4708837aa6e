/**
 * Lets writes yield to reads. A burst of purges on a few connections would otherwise take the event loop's time
 * in proportion to their cost (a purge costs some ten cached reads), and reads on many connections would wait
 * behind it. While reads arrive, at most `perTurn` writes start in each turn of the event loop and the rest wait
 * for the next turns, in order; without reads a write starts at once. It only orders work: every write still
 * runs, none waits much longer than MAX_WAIT_MS (when turns are long, reads do not starve writes either), and
 * group commit still gathers the writes of a turn into one commit.
 */
export class WriteGate {
  private used = 0;
  private reads = 0;
  private readsBefore = 0;
  private readonly queue: Array<{ start: () => void; since: number }> = [];
  private ticking = false;

  constructor(
    private readonly perTurn = WRITES_PER_TURN_UNDER_READS,
    private readonly now: () => number = performance.now.bind(performance),
  ) {}

  /** Notes a read, arrived in this turn. */
  noteRead(): void {
    this.reads++;
    this.tick();
  }

  /** null: the write may start now; else a promise that resolves when it may. */
  admit(): Promise<void> | null {
    const contended = this.reads + this.readsBefore > 0;
    if (!contended && this.queue.length === 0) return null;
    this.tick();
    if (this.queue.length === 0 && this.used < this.perTurn) {
      this.used++;
      return null;
    }
    return new Promise((resolve) => this.queue.push({ start: resolve, since: this.now() }));
  }

  private tick(): void {
    if (this.ticking) return;
    this.ticking = true;
    setImmediate(() => this.turn());
  }

  /** The end of a turn: the reads of the turn before it are forgotten, and the next waiting writes start. */
  private turn(): void {
    this.ticking = false;
    this.readsBefore = this.reads;
    this.reads = 0;
    this.used = 0;
    let starting = this.readsBefore > 0 ? this.perTurn : this.queue.length;
    const overdue = this.now() - MAX_WAIT_MS;
    while (starting < this.queue.length && this.queue[starting].since <= overdue) starting++;
    for (const { start } of this.queue.splice(0, starting)) {
      this.used++;
      start();
    }
    if (this.queue.length > 0 || this.readsBefore > 0) this.tick();
  }
}

/** Writes that start in one turn while reads arrive (a purge costs about ten cached reads of the event loop). */
export const WRITES_PER_TURN_UNDER_READS = 1;

/** The longest a write waits for its turn; those that waited longer all start at the next turn. */
export const MAX_WAIT_MS = 50;
