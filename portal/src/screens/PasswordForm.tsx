import { useState, type FormEvent } from 'react';
import { Field } from '../components/Field';
import { passwordErrors } from '../lib/user-errors';

/** A new password with its confirmation, checked with the daemon's quality rules as typed; the API has the last word. */
export function PasswordForm({
  busy,
  username = null,
  onSave,
}: {
  busy: boolean;
  username?: string | null;
  onSave: (user: Record<string, unknown>) => Promise<boolean>;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const errors = passwordErrors(password, confirm, username);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ password: true, confirm: true });
    if (errors.password || errors.confirm) return;
    if (await onSave({ localPassword: password, confirmLocalPassword: confirm })) {
      setPassword('');
      setConfirm('');
      setTouched({ password: false, confirm: false });
    }
  };
  return (
    <form className="panel form-grid" onSubmit={submit} aria-label="Change password" noValidate>
      <h2 className="form-title">Change password</h2>
      <Field
        label="New password"
        error={touched.password ? errors.password : undefined}
        hint="At least 8 characters, not your username, not a common password."
      >
        <input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setTouched((t) => ({ ...t, password: true }));
          }}
          required
        />
      </Field>
      <Field label="Confirm new password" error={touched.confirm ? errors.confirm : undefined}>
        <input
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            setTouched((t) => ({ ...t, confirm: true }));
          }}
          required
        />
      </Field>
      <div className="actions">
        <button type="submit" disabled={busy}>
          Change password
        </button>
      </div>
    </form>
  );
}
