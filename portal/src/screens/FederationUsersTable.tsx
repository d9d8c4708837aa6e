import type { FederationUser } from '../api/types';
import { DataTable, type Column } from '../components/DataTable';

const COLUMNS: Column<FederationUser>[] = [
  { header: 'Username', cell: (u) => u.username },
  { header: 'Full name', cell: (u) => u.fullName ?? '—' },
  { header: 'Email', cell: (u) => u.email ?? '—' },
  { header: 'Company', cell: (u) => u.company ?? '—' },
  { header: 'Role', cell: (u) => u.role ?? '—' },
];

export function FederationUsersTable({ users, canWrite, busy, onRemove }: {
  users: FederationUser[];
  canWrite: boolean;
  busy: boolean;
  onRemove: (userId: number) => void;
}) {
  const remove = (u: FederationUser) => (
    <button type="button" className="small danger" disabled={busy} onClick={() => onRemove(u.id)} aria-label={`Remove ${u.username}`}>
      Remove
    </button>
  );
  return <DataTable rows={users} rowKey={(u) => u.id} columns={COLUMNS} actions={canWrite ? remove : undefined} />;
}
