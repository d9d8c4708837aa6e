import { useState, type FormEvent } from 'react';
import type { User } from '../api/types';
import { Field } from '../components/Field';

/** Picks a user who is not yet in the federation. */
export function AssignUserForm({
  users,
  busy,
  onAssign,
}: {
  users: User[];
  busy: boolean;
  onAssign: (userId: number) => void;
}) {
  const [userId, setUserId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (userId) onAssign(Number(userId));
    setUserId('');
  };
  return (
    <form className="panel inline-form" onSubmit={submit} aria-label="Assign a user">
      <Field label="User to assign">
        <select value={userId} onChange={(e) => setUserId(e.target.value)} required>
          <option value="">Choose a user…</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.username}
              {u.fullName ? ` (${u.fullName})` : ''}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" disabled={busy || !userId}>
        Assign user
      </button>
    </form>
  );
}
