import { useState, type FormEvent } from 'react';
import { logIn } from '../api/endpoints';
import type { Alert } from '../api/types';
import { AlertList } from '../components/AlertList';
import { Field } from '../components/Field';
import { alertsOf } from '../lib/alerts';

/** Username and password; the API's answer (success or why not) is shown as it came. */
export function LoginScreen({ alerts, onLoggedIn }: { alerts: Alert[]; onLoggedIn: (alerts: Alert[]) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Alert[]>(alerts);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await logIn(username, password);
      onLoggedIn(result.alerts);
    } catch (error) {
      setShown(alertsOf(error));
      setBusy(false);
    }
  };

  return (
    <main className="auth">
      <form className="auth-card" onSubmit={submit}>
        <h1 className="auth-title">cdnctl</h1>
        <p className="muted">Sign in to manage your CDN.</p>
        <AlertList alerts={shown} />
        <Field label="Username">
          <input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
            autoFocus
          />
        </Field>
        <Field label="Password">
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </Field>
        <button type="submit" disabled={busy}>
          Log in
        </button>
      </form>
    </main>
  );
}
