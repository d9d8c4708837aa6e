import { BusyError } from '../errors.js';

/**
 * Bounds the password checks in flight (each is some 50 ms of scrypt on a worker) without letting a flood from
 * unknown addresses starve everyone else (issue 28):
 * - per client address and per username (for pairs not known), a few attempts admitted or waiting: beyond, 429
 *   at once, before any hash (one address cannot hog the queue; rotating X-Forwarded-For cannot hash one
 *   account's guesses in parallel without bound);
 * - in all, `total` checks in flight, of which `reserved` only for known pairs: a (username, address) pair that
 *   logged in successfully before (login_successes, shared by the daemons on one database). A flood from
 *   addresses that never logged in can fill `total - reserved` slots, never the rest;
 * - an attempt that finds no free slot waits, a bounded time in a bounded queue: known pairs first, the others
 *   round robin by address (the next slot goes to the next address in turn, not to whoever sent the most).
 *   When the queue is full, a newcomer takes the place of the last waiter of the address with the most
 *   waiters (two more than the newcomer's own); only then, or past the wait, 503 with Retry-After.
 */

export interface GateLimits {
  /** Attempts admitted or waiting from one address. */
  perAddress: number;
  /** Attempts of one username admitted or waiting from pairs not known. */
  perAccount: number;
  /** Password checks in flight, in all. */
  total: number;
  /** Of `total`, the slots only known pairs may use. */
  reserved: number;
  /** Attempts waiting for a slot, in all. */
  waiting: number;
  /** How long an attempt may wait for a slot. */
  waitMs: number;
}

export const GATE_LIMITS: GateLimits = {
  perAddress: 4,
  perAccount: 4,
  total: 32,
  reserved: 8,
  waiting: 64,
  waitMs: 10_000,
};

interface Attempt {
  address: string;
  username: string;
  known: boolean;
}

interface Waiter {
  attempt: Attempt;
  admit: () => void;
  refuse: (error: Error) => void;
  timer: NodeJS.Timeout | null;
}

export interface Admission {
  /** Whether the pair is known (it logged in successfully before). */
  known: boolean;
  /** Frees the slot; call it once the check is done (later calls do nothing). */
  release: () => void;
}

const busy = () => new BusyError(503, 'Too many login attempts in progress; try again in a moment.', 1);

const bump = (counts: Map<string, number>, key: string, by: number) => {
  const n = (counts.get(key) ?? 0) + by;
  if (n <= 0) counts.delete(key);
  else counts.set(key, n);
};

export class LoginGate {
  private readonly byAddress = new Map<string, number>();
  private readonly byAccount = new Map<string, number>();
  private running = 0;
  private runningUnknown = 0;
  /** Waiting attempts of pairs not known, by address; the first address in the map is served next. */
  private readonly unknownWaiting = new Map<string, Waiter[]>();
  private readonly knownWaiting: Waiter[] = [];
  private waitingCount = 0;

  constructor(readonly limits: GateLimits = GATE_LIMITS) {}

  /**
   * Admits a login attempt to a password check, perhaps after a wait, or throws BusyError (429 or 503).
   * `isKnown` answers whether the pair logged in before; it is asked only once the address is within its bound.
   */
  async enter(address: string, username: string, isKnown: () => Promise<boolean>): Promise<Admission> {
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) {
      throw new BusyError(429, 'Too many login attempts in progress from your address; try again in a moment.', 1);
    }
    bump(this.byAddress, address, 1);
    let attempt: Attempt;
    try {
      attempt = { address, username, known: await isKnown() };
      if (!attempt.known && (this.byAccount.get(username) ?? 0) >= this.limits.perAccount) {
        throw new BusyError(429, 'Too many login attempts in progress for this username; try again in a moment.', 1);
      }
    } catch (error) {
      bump(this.byAddress, address, -1);
      throw error;
    }
    if (!attempt.known) bump(this.byAccount, username, 1);
    const queued = attempt.known ? this.knownWaiting.length > 0 : this.unknownWaiting.size > 0;
    if (!queued && this.hasRoom(attempt.known)) this.start(attempt);
    else await this.wait(attempt);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.running--;
      if (!attempt.known) this.runningUnknown--;
      this.forget(attempt);
      this.pump();
    };
    return { known: attempt.known, release };
  }

  private hasRoom(known: boolean): boolean {
    return (
      this.running < this.limits.total && (known || this.runningUnknown < this.limits.total - this.limits.reserved)
    );
  }

  private start(attempt: Attempt): void {
    this.running++;
    if (!attempt.known) this.runningUnknown++;
  }

  private forget(attempt: Attempt): void {
    bump(this.byAddress, attempt.address, -1);
    if (!attempt.known) bump(this.byAccount, attempt.username, -1);
  }

  /** Waits for a slot (the waiter is counted as started when admitted); refused attempts are forgotten. */
  private async wait(attempt: Attempt): Promise<void> {
    try {
      if (this.waitingCount >= this.limits.waiting && !this.evictFor(attempt)) throw busy();
      await new Promise<void>((admit, refuse) => {
        const waiter: Waiter = { attempt, admit, refuse, timer: null };
        waiter.timer = setTimeout(() => {
          this.unqueue(waiter);
          refuse(busy());
        }, this.limits.waitMs);
        waiter.timer.unref();
        this.enqueue(waiter);
      });
    } catch (error) {
      this.forget(attempt);
      throw error;
    }
  }

  private enqueue(waiter: Waiter): void {
    this.waitingCount++;
    if (waiter.attempt.known) return void this.knownWaiting.push(waiter);
    const list = this.unknownWaiting.get(waiter.attempt.address);
    if (list) list.push(waiter);
    else this.unknownWaiting.set(waiter.attempt.address, [waiter]);
  }

  private unqueue(waiter: Waiter): void {
    if (waiter.timer) clearTimeout(waiter.timer);
    const list = waiter.attempt.known ? this.knownWaiting : (this.unknownWaiting.get(waiter.attempt.address) ?? []);
    const index = list.indexOf(waiter);
    if (index < 0) return;
    list.splice(index, 1);
    this.waitingCount--;
    if (!waiter.attempt.known && list.length === 0) this.unknownWaiting.delete(waiter.attempt.address);
  }

  /** Makes room in a full queue: the last waiter of the address with the most waiters gives way, if it has more. */
  private evictFor(attempt: Attempt): boolean {
    let longest: Waiter[] = [];
    for (const list of this.unknownWaiting.values()) if (list.length > longest.length) longest = list;
    const mine = attempt.known ? 0 : (this.unknownWaiting.get(attempt.address)?.length ?? 0);
    const victim = longest.at(-1);
    if (!victim || (!attempt.known && longest.length < mine + 2)) return false;
    this.unqueue(victim);
    victim.refuse(busy());
    return true;
  }

  /** Hands free slots to waiters: known pairs first, then one address after another. */
  private pump(): void {
    while (this.knownWaiting.length > 0 && this.hasRoom(true)) this.admit(this.knownWaiting[0]!);
    while (this.unknownWaiting.size > 0 && this.hasRoom(false)) {
      const [address, list] = this.unknownWaiting.entries().next().value as [string, Waiter[]];
      const waiter = list[0]!;
      this.admit(waiter);
      // The address goes to the back of the round, if it has more waiting.
      if (list.length > 0) {
        this.unknownWaiting.delete(address);
        this.unknownWaiting.set(address, list);
      }
    }
  }

  private admit(waiter: Waiter): void {
    this.unqueue(waiter);
    this.start(waiter.attempt);
    waiter.admit();
  }
}
