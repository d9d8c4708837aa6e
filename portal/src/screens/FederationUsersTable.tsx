import type { FederationUser } from '../api/types';

export function FederationUsersTable({ users, canWrite, busy, onRemove }: {
  users: FederationUser[];
  canWrite: boolean;
  busy: boolean;
  onRemove: (userId: number) => void;
}) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th>Username</th>
            <th>Full name</th>
            <th>Email</th>
            <th>Company</th>
            <th>Role</th>
            {canWrite ? <th aria-label="Actions" /> : null}
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>{u.username}</td>
              <td>{u.fullName ?? '—'}</td>
              <td>{u.email ?? '—'}</td>
              <td>{u.company ?? '—'}</td>
              <td>{u.role ?? '—'}</td>
              {canWrite ? (
                <td className="row-actions">
                  <button type="button" className="small danger" disabled={busy} onClick={() => onRemove(u.id)} aria-label={`Remove ${u.username}`}>
                    Remove
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
