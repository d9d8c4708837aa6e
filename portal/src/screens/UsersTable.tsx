import type { User } from '../api/types';

export function UsersTable({ users }: { users: User[] }) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th>Username</th>
            <th>Full name</th>
            <th>Email</th>
            <th>Role</th>
            <th>Tenant</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>{u.username}</td>
              <td>{u.fullName ?? '—'}</td>
              <td>{u.email ?? '—'}</td>
              <td>{u.rolename ?? '—'}</td>
              <td>{u.tenant ?? '—'}</td>
              <td>{u.newUser ? <span className="badge badge-scheduled">registration pending</span> : <span className="badge badge-ok">active</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
