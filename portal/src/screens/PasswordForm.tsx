import { useState, type FormEvent } from 'react';
import { Field } from '../components/Field';

/** A new password with its confirmation; the API checks the match and the quality rules. */
export function PasswordForm({ busy, onSave }: { busy: boolean; onSave: (user: Record<string, unknown>) => Promise<boolean> }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSave({ localPassword: password, confirmLocalPassword: confirm })) {
      setPassword('');
      setConfirm('');
    }
  };
  return (
    <form className="panel form-grid" onSubmit={submit} aria-label="Change password">
      <h2 className="form-title">Change password</h2>
      <Field label="New password" hint="At least 8 characters, not your username, not a common password.">
        <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
      </Field>
      <Field label="Confirm new password">
        <input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} required />
      </Field>
      <div className="actions">
        <button type="submit" disabled={busy}>
          Change password
        </button>
      </div>
    </form>
  );
}
