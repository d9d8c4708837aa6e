import { useCallback, useEffect, useState } from 'react';
import { onSessionLost } from './api/api';
import { logOut } from './api/endpoints';
import type { Alert } from './api/types';
import { AlertList } from './components/AlertList';
import { Nav } from './components/Nav';
import { LocationContext, NavigationContext } from './hooks/navigation';
import { useLocationPath } from './hooks/useLocationPath';
import { alertsOf } from './lib/alerts';
import { parseRoute, tokenFromLocation } from './lib/router';
import { CompleteRegistrationScreen } from './screens/CompleteRegistrationScreen';
import { LoginScreen } from './screens/LoginScreen';
import { ScreenFor } from './screens/ScreenFor';
import { TokenLoginScreen } from './screens/TokenLoginScreen';
import { loadSignedIn, type Session } from './session';

/** The portal: who is signed in decides between the login screens and the sections. */
export function App() {
  const [path, navigate] = useLocationPath();
  const [session, setSession] = useState<Session>({ state: 'loading' });
  // Alerts that outlive a screen change (the login's success, a completed registration) until the next move.
  const [flash, setFlash] = useState<Alert[]>([]);

  const enter = useCallback(async (alerts: Alert[]) => {
    try {
      const signedIn = await loadSignedIn();
      setFlash(alerts);
      setSession({ state: 'in', ...signedIn });
    } catch (error) {
      setSession({ state: 'out', alerts: alertsOf(error) });
    }
  }, []);

  useEffect(() => {
    onSessionLost((alerts) => setSession((s) => (s.state === 'in' ? { state: 'out', alerts } : s)));
    // A mailed link may also arrive as a mere hash change when the portal is already open.
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
  }, []);

  const move = useCallback<typeof navigate>((to, options) => {
    setFlash([]);
    navigate(to, options);
  }, [navigate]);

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

  switch (session.state) {
    case 'loading':
      return <p className="splash muted">Loading…</p>;
    case 'out':
      return <LoginScreen alerts={session.alerts} onLoggedIn={enter} />;
    case 'token':
      return (
        <TokenLoginScreen
          token={session.token}
          onLoggedIn={(me, alerts) => setSession({ state: 'complete', me, alerts })}
          onGiveUp={(alerts) => setSession({ state: 'out', alerts })}
        />
      );
    case 'complete':
      return <CompleteRegistrationScreen me={session.me} alerts={session.alerts} onDone={enter} />;
    case 'in':
      return (
        <NavigationContext.Provider value={move}>
          <LocationContext.Provider value={path}>
          <Nav path={path} username={session.me.username} onLogOut={signOut} />
          <main className="page">
            <AlertList alerts={flash} />
            <ScreenFor
              route={parseRoute(path)}
              me={session.me}
              abilities={session.abilities}
              onProfileSaved={(alerts) => enter(alerts)}
            />
          </main>
          </LocationContext.Provider>
        </NavigationContext.Provider>
      );
  }
}
