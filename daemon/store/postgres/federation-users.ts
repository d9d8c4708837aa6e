import { Abort, toFederationUser, type FederationUserRow, type FederationUserStore } from '../federation-users.js';
import { loggedWritePg } from './change-append.js';
import type { PgClient, PgPool } from './pool.js';
import { statement } from './statement.js';

// Ids travel as bigint: an id beyond integer's range finds nothing, as on SQLite, instead of failing the query.
const users = statement<[number], FederationUserRow>(
  'federation_users_of',
  `SELECT u.id, u.username, u.company, r.name AS role, u.email, u.full_name, u.tenant_id
     FROM federation_users fu JOIN users u ON u.id = fu.user_id JOIN roles r ON r.id = u.role_id
    WHERE fu.federation_id = $1::bigint ORDER BY u.id`,
);
// Assignments to one federation take turns (as SQLite's writers do), so a replacing assignment clears what an
// earlier one committed; the lock also keeps the federation from being deleted until this one commits.
const federation = statement<[number], { id: number }>(
  'federation_users_federation',
  'SELECT id FROM federations WHERE id = $1::bigint FOR NO KEY UPDATE',
);
const visibleUser = statement<[number, number[] | null], { id: number }>(
  'federation_users_visible_user',
  `SELECT id FROM users WHERE id = $1::bigint AND ($2::bigint[] IS NULL OR tenant_id = ANY($2::bigint[])) FOR KEY SHARE`,
);
const clear = statement<[number]>('federation_users_clear', 'DELETE FROM federation_users WHERE federation_id = $1');
// An assignment another writer made first is a conflict on the primary key: no row comes back.
const insert = statement<[number, number], { user_id: number }>(
  'federation_users_insert',
  `INSERT INTO federation_users (federation_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id`,
);
const remove = statement<[number, number, number[] | null], { username: string }>(
  'federation_users_remove',
  `DELETE FROM federation_users fu USING users u
    WHERE fu.federation_id = $1::bigint AND fu.user_id = $2::bigint AND u.id = fu.user_id
      AND ($3::bigint[] IS NULL OR u.tenant_id = ANY($3::bigint[]))
    RETURNING u.username`,
);

async function assignAll(
  client: PgClient,
  federationId: number,
  userIds: number[],
  replace: boolean,
  tenants: number[] | null,
) {
  if (!(await federation.get(client, federationId))) throw new Abort({ kind: 'federation-missing' });
  if (replace) await clear.run(client, federationId);
  const distinct = [...new Set(userIds)];
  for (const userId of distinct) {
    if (!(await visibleUser.get(client, userId, tenants))) throw new Abort({ kind: 'user-missing', userId });
    if (!(await insert.get(client, federationId, userId))) throw new Abort({ kind: 'already-assigned', userId });
  }
  return distinct.length;
}

/** Federation users on PostgreSQL: the same answers as sqliteFederationUsers, each write one transaction. */
export function pgFederationUsers(pool: PgPool): FederationUserStore {
  return {
    async users(federationId) {
      return (await users.all(pool, federationId)).map(toFederationUser);
    },
    async assign(federationId, userIds, replace, visibleTenantIds, change) {
      try {
        const count = await loggedWritePg(
          pool,
          (client) => assignAll(client, federationId, userIds, replace, visibleTenantIds),
          change,
        );
        return { kind: 'assigned', count };
      } catch (err) {
        if (err instanceof Abort) return err.outcome;
        throw err;
      }
    },
    async remove(federationId, userId, visibleTenantIds, change) {
      return loggedWritePg(
        pool,
        async (client) => (await remove.get(client, federationId, userId, visibleTenantIds))?.username ?? null,
        change,
      );
    },
  };
}
