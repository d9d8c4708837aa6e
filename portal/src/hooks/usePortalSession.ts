import { useCallback, useEffect, useState } from 'react';
import { onSessionLost } from '../api/api';
import { logOut } from '../api/endpoints';
import type { Alert } from '../api/types';
import { alertsOf } from '../lib/alerts';
import { tokenFromLocation } from '../lib/router';
import { loadSignedIn, type Session } from '../session';
import type { Navigate } from './useLocationPath';

/**
 * Where the session starts: a mailed token in the address (now, or later as a hash change) opens the token login;
 * otherwise the portal asks who is signed in. A session the daemon ends later sends the portal back to the login.
 */
function useSessionStart(setSession: (update: Session | ((s: Session) => Session)) => void) {
  useEffect(() => {
    onSessionLost((alerts) => setSession((s) => (s.state === 'in' ? { state: 'out', alerts } : s)));
    const takeToken = () => {
      const token = tokenFromLocation(window.location);
      if (!token) return false;
      // The token is single-use: take it out of the address bar and the history at once.
      window.history.replaceState(null, '', '/');
      setSession({ state: 'token', token });
      return true;
    };
    window.addEventListener('hashchange', takeToken);
    if (!takeToken()) {
      loadSignedIn().then(
        (signedIn) => setSession({ state: 'in', ...signedIn }),
        () => setSession({ state: 'out', alerts: [] }),
      );
    }
    return () => window.removeEventListener('hashchange', takeToken);
  }, [setSession]);
}

/**
 * The portal's session and its flash alerts (the login's success, a completed registration), which outlive a
 * screen change until the next move; `enter` signs in, `move` navigates, `signOut` ends the session.
 */
export function usePortalSession(navigate: Navigate) {
  const [session, setSession] = useState<Session>({ state: 'loading' });
  const [flash, setFlash] = useState<Alert[]>([]);
  useSessionStart(setSession);

  const enter = useCallback(async (alerts: Alert[]) => {
    try {
      const signedIn = await loadSignedIn();
      setFlash(alerts);
      setSession({ state: 'in', ...signedIn });
    } catch (error) {
      setSession({ state: 'out', alerts: alertsOf(error) });
    }
  }, []);

  const move = useCallback<Navigate>(
    (to, options) => {
      setFlash([]);
      navigate(to, options);
    },
    [navigate],
  );

  const signOut = async () => {
    let alerts: Alert[] = [];
    try {
      alerts = (await logOut()).alerts;
    } catch (error) {
      alerts = alertsOf(error);
    }
    setFlash([]);
    navigate('/', { replace: true });
    setSession({ state: 'out', alerts });
  };
  return { session, setSession, flash, enter, move, signOut };
}
