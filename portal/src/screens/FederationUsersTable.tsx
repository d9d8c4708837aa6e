import type { FederationUser } from '../api/types';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';

const COLUMNS: GridColumn<FederationUser>[] = [
  { id: 'username', header: 'Username', value: (u) => u.username },
  { id: 'fullName', header: 'Full name', value: (u) => u.fullName },
  { id: 'email', header: 'Email', value: (u) => u.email },
  { id: 'company', header: 'Company', value: (u) => u.company },
  { id: 'role', header: 'Role', value: (u) => u.role, filter: true },
];

export function FederationUsersTable({
  users,
  canWrite,
  busy,
  onRemove,
}: {
  users: FederationUser[];
  canWrite: boolean;
  busy: boolean;
  onRemove: (userId: number) => void;
}) {
  const remove = (u: FederationUser) => (
    <button
      type="button"
      className="small danger"
      disabled={busy}
      onClick={() => onRemove(u.id)}
      aria-label={`Remove ${u.username}`}
    >
      Remove
    </button>
  );
  return (
    <DataGrid
      label="Federation users"
      rows={users}
      rowKey={(u) => u.id}
      columns={COLUMNS}
      actions={canWrite ? remove : undefined}
    />
  );
}
