export type TokenPurpose = 'register' | 'reset';

/** Registration and reset tokens: single-use, expiring, stored hashed. */
export interface TokenStore {
  create(t: {
    tokenHash: string;
    userId: number;
    purpose: TokenPurpose;
    createdAt: number;
    expiresAt: number;
  }): Promise<void>;
  /** Marks an unused, unexpired token used and answers its user; null when there is no such token. */
  consume(tokenHash: string, now: number): Promise<{ userId: number; purpose: TokenPurpose } | null>;
  /** Drops the user's unused tokens of one purpose (a new invitation replaces the old). */
  revoke(userId: number, purpose: TokenPurpose): Promise<void>;
}
