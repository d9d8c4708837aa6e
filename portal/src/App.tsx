import type { Alert, CurrentUser } from './api/types';
import { AlertList } from './components/AlertList';
import { Nav } from './components/Nav';
import { LocationContext, NavigationContext } from './hooks/navigation';
import { useLocationPath, type Navigate } from './hooks/useLocationPath';
import { usePortalSession } from './hooks/usePortalSession';
import type { Abilities } from './lib/privileges';
import { parseRoute } from './lib/router';
import { CompleteRegistrationScreen } from './screens/CompleteRegistrationScreen';
import { LoginScreen } from './screens/LoginScreen';
import { ScreenFor } from './screens/ScreenFor';
import { TokenLoginScreen } from './screens/TokenLoginScreen';

/** The portal: who is signed in decides between the login screens and the sections. */
export function App() {
  const [path, navigate] = useLocationPath();
  const { session, setSession, flash, enter, move, signOut } = usePortalSession(navigate);
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
        <SignedIn
          path={path}
          move={move}
          me={session.me}
          abilities={session.abilities}
          flash={flash}
          onEnter={enter}
          onLogOut={signOut}
        />
      );
  }
}

interface SignedInProps {
  path: string;
  move: Navigate;
  me: CurrentUser;
  abilities: Abilities;
  flash: Alert[];
  onEnter: (alerts: Alert[]) => void;
  onLogOut: () => void;
}

/** The sections of a signed-in user: the navigation bar and the screen of the address. */
function SignedIn({ path, move, me, abilities, flash, onEnter, onLogOut }: SignedInProps) {
  return (
    <NavigationContext.Provider value={move}>
      <LocationContext.Provider value={path}>
        <Nav path={path} username={me.username} onLogOut={onLogOut} />
        <main className="page">
          <AlertList alerts={flash} />
          <ScreenFor
            route={parseRoute(path)}
            me={me}
            abilities={abilities}
            onProfileSaved={(alerts) => onEnter(alerts)}
          />
        </main>
      </LocationContext.Provider>
    </NavigationContext.Provider>
  );
}
