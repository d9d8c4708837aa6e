import { useState } from 'react';
import {
  assignFederationUsers,
  listFederations,
  listFederationUsers,
  listUsers,
  removeFederationUser,
} from '../api/endpoints';
import type { Alert } from '../api/types';
import { AlertList } from '../components/AlertList';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';
import { alertsOf } from '../lib/alerts';
import { AssignUserForm } from './AssignUserForm';
import { FederationUsersTable } from './FederationUsersTable';
import { FederationAdmin } from './FederationAdmin';
import { FederationResolvers, FederationServices } from './FederationLinks';

/** One federation's users: admins assign and remove them. */
export function FederationScreen({ id, canWrite }: { id: number; canWrite: boolean }) {
  const federation = useResource(() => listFederations(), String(id));
  const members = useResource(() => listFederationUsers(id), String(id));
  const users = useResource(listUsers);
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [busy, setBusy] = useState(false);

  const write = async (action: () => Promise<{ alerts: Alert[] }>) => {
    setBusy(true);
    try {
      setAlerts((await action()).alerts);
      members.reload();
    } catch (error) {
      setAlerts(alertsOf(error));
    } finally {
      setBusy(false);
    }
  };

  const found = federation.data?.find((f) => f.id === id) ?? null;
  const cname = found?.cname ?? `Federation ${id}`;
  const list = members.data ?? [];
  const assigned = new Set(list.map((m) => String(m.id)));
  const candidates = (users.data ?? []).filter((u) => !assigned.has(u.id));
  return (
    <section>
      <p className="crumbs">
        <Link to="/federations">Federations</Link> /
      </p>
      <PageHeader title={cname} />
      {found && canWrite ? <FederationAdmin federation={found} onSaved={federation.reload} /> : null}
      <AlertList alerts={alerts} />
      {canWrite ? (
        <AssignUserForm
          users={candidates}
          busy={busy}
          onAssign={(userId) => write(() => assignFederationUsers(id, [userId]))}
        />
      ) : null}
      <h2>Users</h2>
      <LoadState
        loading={members.loading}
        alerts={members.alerts}
        empty={list.length === 0}
        emptyText="No users are assigned to this federation."
      />
      {list.length > 0 ? (
        <FederationUsersTable
          users={list}
          canWrite={canWrite}
          busy={busy}
          onRemove={(userId) => write(() => removeFederationUser(id, userId))}
        />
      ) : null}
      <FederationServices id={id} cdnName={found?.cdnName ?? null} canWrite={canWrite} />
      <FederationResolvers id={id} canWrite={canWrite} />
    </section>
  );
}
