import { useState } from 'react';
import { listRoles, listTenants, listUsers } from '../api/endpoints';
import type { Alert } from '../api/types';
import { AlertList } from '../components/AlertList';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';
import { CreateUserForm } from './CreateUserForm';
import { RegisterUserForm } from './RegisterUserForm';
import { UsersTable } from './UsersTable';

type Mode = 'list' | 'create' | 'register';

/** The users the API shows this user, and (for operations and admins) create and register. */
export function UsersScreen({ canWrite }: { canWrite: boolean }) {
  const users = useResource(listUsers);
  const roles = useResource(listRoles);
  const tenants = useResource(listTenants);
  const [mode, setMode] = useState<Mode>('list');
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const open = (next: Mode) => {
    setAlerts([]);
    setMode(next);
  };
  const done = (result: Alert[], ok: boolean) => {
    setAlerts(result);
    if (ok) {
      setMode('list');
      users.reload();
    }
  };
  const list = users.data ?? [];
  const lookups = { roles: roles.data ?? [], tenants: tenants.data ?? [] };
  return (
    <section>
      <PageHeader title="Users">
        {canWrite && mode === 'list' ? (
          <>
            <button type="button" onClick={() => open('create')}>
              Create user
            </button>
            <button type="button" className="secondary" onClick={() => open('register')}>
              Register user
            </button>
          </>
        ) : null}
      </PageHeader>
      <AlertList alerts={alerts} />
      {mode === 'create' ? <CreateUserForm {...lookups} onDone={done} onCancel={() => setMode('list')} /> : null}
      {mode === 'register' ? <RegisterUserForm {...lookups} onDone={done} onCancel={() => setMode('list')} /> : null}
      <LoadState
        loading={users.loading}
        alerts={users.alerts}
        empty={list.length === 0}
        emptyText="No users are visible to you."
      />
      {list.length > 0 ? <UsersTable users={list} /> : null}
    </section>
  );
}
