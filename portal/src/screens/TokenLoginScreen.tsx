import { useEffect, useRef, useState } from 'react';
import { currentUser, logInWithToken } from '../api/endpoints';
import type { Alert, CurrentUser } from '../api/types';
import { AlertList } from '../components/AlertList';
import { alertsOf } from '../lib/alerts';

/** Signs in with the single-use token of a registration or reset mail. */
export function TokenLoginScreen({
  token,
  onLoggedIn,
  onGiveUp,
}: {
  token: string;
  onLoggedIn: (me: CurrentUser, alerts: Alert[]) => void;
  onGiveUp: (alerts: Alert[]) => void;
}) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  // The token works once: never send it twice, even if the effect runs twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    logInWithToken(token)
      .then(async (result) => onLoggedIn((await currentUser()).response, result.alerts))
      .catch((error: unknown) => setAlerts(alertsOf(error)));
  }, [token, onLoggedIn]);

  return (
    <main className="auth">
      <div className="auth-card">
        <h1 className="auth-title">cdnctl</h1>
        {alerts.length === 0 ? <p className="muted">Checking your link…</p> : <AlertList alerts={alerts} />}
        {alerts.length > 0 ? (
          <button type="button" className="secondary" onClick={() => onGiveUp([])}>
            Go to log in
          </button>
        ) : null}
      </div>
    </main>
  );
}
