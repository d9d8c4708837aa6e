/** A recorded password-reset request. */
export interface ResetRequest {
  id: number;
  email: string;
  requestedAt: number;
}

/**
 * Password-reset requests: POST user/reset_password only records one (the same write whether or not the
 * address has an account), and the reset mail queue takes them in order.
 */
export interface ResetRequestStore {
  record(email: string, at: number): Promise<void>;
  /** Takes (and removes) up to `limit` of the oldest requests. */
  take(limit: number): Promise<ResetRequest[]>;
  /** How many reset tokens the user was sent since `since` (the per-mailbox limit). */
  tokensSince(userId: number, since: number): Promise<number>;
  /**
   * Admits a request from client address `client` at `at` when fewer than `limit` were admitted from it in the
   * `windowMs` before (and records it), atomically: answers 0, or the milliseconds until it may ask again. The
   * count lives in the database, so it holds across every daemon on it.
   */
  admitClient(client: string, at: number, windowMs: number, limit: number): Promise<number>;
}
