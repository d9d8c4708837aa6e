import { byBytes, sameIds, type ServerAgentStore } from '../server-agents.js';
import { recordChange } from './change-append.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

const names = statement<[number], { username: string }>(
  'server_agents_names',
  'SELECT u.username FROM server_agents a JOIN users u ON u.id = a.user_id WHERE a.server_id = $1',
);
const bound = statement<[number, number]>(
  'server_agents_bound',
  'SELECT 1 FROM server_agents WHERE server_id = $1 AND user_id = $2',
);
// The server row is locked first, so two replacements of one server's agents run one after the other.
const lockServer = statement<[number]>('server_agents_lock', 'SELECT id FROM servers WHERE id = $1 FOR UPDATE');
const current = statement<[number], { user_id: number }>(
  'server_agents_current',
  'SELECT user_id FROM server_agents WHERE server_id = $1',
);
const clear = statement<[number]>('server_agents_clear', 'DELETE FROM server_agents WHERE server_id = $1');
const add = statement<[number, number[]]>(
  'server_agents_add',
  'INSERT INTO server_agents (server_id, user_id) SELECT $1, u FROM unnest($2::integer[]) AS u',
);

/** The servers' bound logins on PostgreSQL (see ServerAgentStore). */
export function pgServerAgents(pool: PgPool): ServerAgentStore {
  return {
    async usernames(serverId) {
      return (await names.all(pool, serverId)).map((r) => r.username).sort(byBytes);
    },
    async isBound(serverId, userId) {
      return (await bound.get(pool, serverId, userId)) !== undefined;
    },
    async replace(serverId, userIds, change) {
      return inTransaction(pool, async (client) => {
        await lockServer.run(client, serverId);
        const have = (await current.all(client, serverId)).map((r) => r.user_id);
        if (sameIds(have, userIds)) return false;
        await clear.run(client, serverId);
        await add.run(client, serverId, [...new Set(userIds)]);
        await recordChange(client, change, true);
        return true;
      });
    },
  };
}
