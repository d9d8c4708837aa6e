import { loggedWrite, type ChangeEntry } from './change-log.js';
import type { Db } from './sqlite/db.js';
import { guardWrite } from './faults.js';

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

export function sqliteServerAgents(db: Db): ServerAgentStore {
  const names = db
    .prepare<[number], string>('SELECT u.username FROM server_agents a JOIN users u ON u.id = a.user_id WHERE a.server_id = ?')
    .pluck();
  const bound = db.prepare<[number, number], number>('SELECT 1 FROM server_agents WHERE server_id = ? AND user_id = ?').pluck();
  const current = db.prepare<[number], number>('SELECT user_id FROM server_agents WHERE server_id = ?').pluck();
  const clear = db.prepare<[number]>('DELETE FROM server_agents WHERE server_id = ?');
  const add = db.prepare<[number, number]>('INSERT INTO server_agents (server_id, user_id) VALUES (?, ?)');
  const logged = loggedWrite(db);
  return {
    async usernames(serverId) {
      return names.all(serverId).sort(byBytes);
    },
    async isBound(serverId, userId) {
      return bound.get(serverId, userId) !== undefined;
    },
    async replace(serverId, userIds, change) {
      const write = () => {
        if (sameIds(current.all(serverId), userIds)) return false;
        clear.run(serverId);
        for (const id of new Set(userIds)) add.run(serverId, id);
        return true;
      };
      return guardWrite(() => logged(write, change && ((changed: boolean) => (changed ? change : null))));
    },
  };
}
