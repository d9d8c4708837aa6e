import { currentUser, listRoles } from './api/endpoints';
import type { Alert, CurrentUser } from './api/types';
import { abilitiesOf, privLevelOf, type Abilities } from './lib/privileges';

/** Where the portal stands with the daemon. */
export type Session =
  | { state: 'loading' }
  | { state: 'out'; alerts: Alert[] }
  | { state: 'token'; token: string }
  | { state: 'complete'; me: CurrentUser; alerts: Alert[] }
  | { state: 'in'; me: CurrentUser; abilities: Abilities };

/** The signed-in user and what their role may do (privilege levels come from GET roles). */
export async function loadSignedIn(): Promise<{ me: CurrentUser; abilities: Abilities }> {
  const [me, roles] = await Promise.all([currentUser(), listRoles()]);
  return { me: me.response, abilities: abilitiesOf(privLevelOf(roles.response, me.response.role)) };
}
