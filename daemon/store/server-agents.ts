import { type ChangeEntry } from './change-log.js';

/**
 * The logins bound to a cache, its agents (issue 28): a check-in for a server (its flags, its lastCheckIn) and
 * the server's key-store files are for its own agents (BEHAVIOR.md "Caches"). An admin binds them.
 */
export interface ServerAgentStore {
  /** The usernames bound to the server, in byte order. */
  usernames(serverId: number): Promise<string[]>;
  /** True when the user is bound to the server. */
  isBound(serverId: number, userId: number): Promise<boolean>;
  /**
   * Makes `userIds` the server's agents, in one transaction with `change` (logged only when something changed);
   * answers whether anything changed.
   */
  replace(serverId: number, userIds: readonly number[], change?: ChangeEntry): Promise<boolean>;
}

/** Byte order, as SQLite compares text. */
export const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** True when the two id lists hold the same ids. */
export const sameIds = (a: readonly number[], b: readonly number[]) => {
  const want = new Set(a);
  return want.size === new Set(b).size && b.every((id) => want.has(id));
};
