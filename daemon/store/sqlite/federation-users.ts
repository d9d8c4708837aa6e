import { loggedWrite } from './change-log.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import { Abort, type FederationUserRow, type FederationUserStore, toFederationUser } from '../federation-users.js';

export function sqliteFederationUsers(db: Db): FederationUserStore {
  const federation = db.prepare<[number], { id: number }>('SELECT id FROM federations WHERE id = ?');
  const users = db.prepare<[number], FederationUserRow>(
    `SELECT u.id, u.username, u.company, r.name AS role, u.email, u.full_name, u.tenant_id
       FROM federation_users fu JOIN users u ON u.id = fu.user_id JOIN roles r ON r.id = u.role_id
      WHERE fu.federation_id = ? ORDER BY u.id`,
  );
  const userTenant = db.prepare<[number], { tenant_id: number }>('SELECT tenant_id FROM users WHERE id = ?');
  const assigned = db.prepare<[number, number], { username: string; tenant_id: number }>(
    `SELECT u.username, u.tenant_id FROM federation_users fu JOIN users u ON u.id = fu.user_id
      WHERE fu.federation_id = ? AND fu.user_id = ?`,
  );
  const clear = db.prepare<[number]>('DELETE FROM federation_users WHERE federation_id = ?');
  const insert = db.prepare<[number, number]>('INSERT INTO federation_users (federation_id, user_id) VALUES (?, ?)');
  const remove = db.prepare<[number, number]>('DELETE FROM federation_users WHERE federation_id = ? AND user_id = ?');

  const logged = loggedWrite(db);
  const assignTx = db.transaction(
    (federationId: number, userIds: number[], replace: boolean, tenants: number[] | null) => {
      if (!federation.get(federationId)) throw new Abort({ kind: 'federation-missing' });
      if (replace) clear.run(federationId);
      const distinct = [...new Set(userIds)];
      for (const userId of distinct) {
        const user = userTenant.get(userId);
        if (!user || !visible(user.tenant_id, tenants)) throw new Abort({ kind: 'user-missing', userId });
        if (assigned.get(federationId, userId)) throw new Abort({ kind: 'already-assigned', userId });
        insert.run(federationId, userId);
      }
      return distinct.length;
    },
  );
  const removeTx = db.transaction((federationId: number, userId: number, tenants: number[] | null) => {
    const row = assigned.get(federationId, userId);
    if (!row || !visible(row.tenant_id, tenants)) return null;
    remove.run(federationId, userId);
    return row.username;
  });

  return {
    async users(federationId) {
      return users.all(federationId).map(toFederationUser);
    },
    async assign(federationId, userIds, replace, visibleTenantIds, change) {
      try {
        const count = guardWrite(() =>
          logged(() => assignTx(federationId, userIds, replace, visibleTenantIds), change),
        );
        return { kind: 'assigned', count };
      } catch (err) {
        if (err instanceof Abort) return err.outcome;
        throw err;
      }
    },
    async remove(federationId, userId, visibleTenantIds, change) {
      return guardWrite(() => logged(() => removeTx(federationId, userId, visibleTenantIds), change));
    },
  };
}

const visible = (tenantId: number, tenants: number[] | null) => tenants === null || tenants.includes(tenantId);
