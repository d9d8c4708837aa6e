import { useState, type FormEvent } from 'react';
import { updateCurrentUser } from '../api/endpoints';
import type { Alert, CurrentUser } from '../api/types';
import { AlertList } from '../components/AlertList';
import { Field } from '../components/Field';
import { alertsOf } from '../lib/alerts';

/** After a token login: choose a username, give a full name and set a password (PUT user/current). */
export function CompleteRegistrationScreen({
  me,
  alerts,
  onDone,
}: {
  me: CurrentUser;
  alerts: Alert[];
  onDone: (alerts: Alert[]) => void;
}) {
  const [username, setUsername] = useState(me.newUser ? '' : me.username);
  const [fullName, setFullName] = useState(me.fullName ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [shown, setShown] = useState<Alert[]>(alerts);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await updateCurrentUser({
        username,
        fullName,
        localPassword: password,
        confirmLocalPassword: confirm,
      });
      onDone(result.alerts);
    } catch (error) {
      setShown(alertsOf(error));
      setBusy(false);
    }
  };

  return (
    <main className="auth">
      <form className="auth-card" onSubmit={submit}>
        <h1 className="auth-title">{me.newUser ? 'Complete your registration' : 'Set a new password'}</h1>
        <p className="muted">Signed in as {me.email ?? me.username}.</p>
        <AlertList alerts={shown} />
        <Field label="Username">
          <input autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
        </Field>
        <Field label="Full name">
          <input autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} required />
        </Field>
        <Field label="New password" hint="At least 8 characters, not your username, not a common password.">
          <input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </Field>
        <Field label="Confirm password">
          <input
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            required
          />
        </Field>
        <button type="submit" disabled={busy}>
          Save and continue
        </button>
      </form>
    </main>
  );
}
