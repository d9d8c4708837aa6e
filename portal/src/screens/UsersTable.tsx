import type { User } from '../api/types';
import { DataTable, type Column } from '../components/DataTable';

const COLUMNS: Column<User>[] = [
  { header: 'Username', cell: (u) => u.username },
  { header: 'Full name', cell: (u) => u.fullName ?? '—' },
  { header: 'Email', cell: (u) => u.email ?? '—' },
  { header: 'Role', cell: (u) => u.rolename ?? '—' },
  { header: 'Tenant', cell: (u) => u.tenant ?? '—' },
  {
    header: 'Status',
    cell: (u) => (u.newUser ? <span className="badge badge-scheduled">registration pending</span> : <span className="badge badge-ok">active</span>),
  },
];

export function UsersTable({ users }: { users: User[] }) {
  return <DataTable rows={users} rowKey={(u) => u.id} columns={COLUMNS} />;
}
