import { BusyError } from '../http/errors.js';

/**
 * Bounds the password checks in flight (each is some 50 ms of scrypt on a worker): per client address, so that
 * one client flooding logins (known or unknown usernames alike — both cost one hash) waits its own turn, and in
 * all, so that the hashing queue never grows without bound. Over either bound a login is answered at once
 * (429 for the address, 503 for everyone) with Retry-After, before any hash.
 */
export class LoginGate {
  private readonly perAddress = new Map<string, number>();
  private total = 0;

  constructor(
    readonly maxPerAddress = 4,
    readonly maxTotal = 32,
  ) {}

  /** Takes a slot for `address` or throws BusyError; call the answered release when the check is done. */
  enter(address: string): () => void {
    const mine = this.perAddress.get(address) ?? 0;
    if (mine >= this.maxPerAddress) throw new BusyError(429, 'Too many login attempts in progress from your address; try again in a moment.', 1);
    if (this.total >= this.maxTotal) throw new BusyError(503, 'Too many login attempts in progress; try again in a moment.', 1);
    this.perAddress.set(address, mine + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left <= 0) this.perAddress.delete(address);
      else this.perAddress.set(address, left);
    };
  }
}
