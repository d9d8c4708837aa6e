import type { User } from '../api/types';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';

const COLUMNS: GridColumn<User>[] = [
  { id: 'username', header: 'Username', value: (u) => u.username },
  { id: 'fullName', header: 'Full name', value: (u) => u.fullName },
  { id: 'email', header: 'Email', value: (u) => u.email },
  { id: 'role', header: 'Role', value: (u) => u.rolename, filter: true },
  { id: 'tenant', header: 'Tenant', value: (u) => u.tenant, filter: true },
  { id: 'company', header: 'Company', value: (u) => u.company, hidden: true },
  { id: 'updated', header: 'Last updated (UTC)', className: 'mono', value: (u) => u.lastUpdated, hidden: true },
  {
    id: 'status',
    header: 'Status',
    value: (u) => (u.newUser ? 'registration pending' : 'active'),
    cell: (u) =>
      u.newUser ? (
        <span className="badge badge-scheduled">registration pending</span>
      ) : (
        <span className="badge badge-ok">active</span>
      ),
    filter: true,
  },
];

export function UsersTable({ users }: { users: User[] }) {
  return <DataGrid label="Users" rows={users} rowKey={(u) => u.id} columns={COLUMNS} />;
}
