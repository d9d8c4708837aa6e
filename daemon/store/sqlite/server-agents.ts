import { loggedWrite } from './change-log.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import { type ServerAgentStore, byBytes, sameIds } from '../server-agents.js';

export function sqliteServerAgents(db: Db): ServerAgentStore {
  const names = db
    .prepare<[number], string>(
      'SELECT u.username FROM server_agents a JOIN users u ON u.id = a.user_id WHERE a.server_id = ?',
    )
    .pluck();
  const bound = db
    .prepare<[number, number], number>('SELECT 1 FROM server_agents WHERE server_id = ? AND user_id = ?')
    .pluck();
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
