import type { Alert, CurrentUser } from '../api/types';
import type { Abilities } from '../lib/privileges';
import type { Route } from '../lib/router';
import { DeliveryServiceScreen } from './DeliveryServiceScreen';
import { ChangeLogScreen } from './ChangeLogScreen';
import { DsKeysScreen } from './DsKeysScreen';
import { KeysScreen } from './KeysScreen';
import { FederationScreen } from './FederationScreen';
import { FederationsScreen } from './FederationsScreen';
import { HomeScreen } from './HomeScreen';
import { JobsScreen } from './JobsScreen';
import { MyProfileScreen } from './MyProfileScreen';
import { NotFoundScreen } from './NotFoundScreen';
import { OriginsScreen } from './OriginsScreen';
import { ProfileScreen } from './ProfileScreen';
import { ProfilesScreen } from './ProfilesScreen';
import { PurgeScreen } from './PurgeScreen';
import { UsersScreen } from './UsersScreen';
import { ServersScreen } from './ServersScreen';
import { TopologyScreen } from './TopologyScreen';
import { CdnMapScreen } from './CdnMapScreen';
import { ManageScreen } from './ManageScreen';

/** The screen of a route, given who is signed in. */
export function ScreenFor({
  route,
  me,
  abilities,
  onProfileSaved,
}: {
  route: Route;
  me: CurrentUser;
  abilities: Abilities;
  onProfileSaved: (alerts: Alert[]) => void;
}) {
  switch (route.name) {
    case 'home':
      return <HomeScreen me={me} />;
    case 'deliveryService':
      return <DeliveryServiceScreen dsKey={route.key} abilities={abilities} />;
    case 'purge':
      return <PurgeScreen canPurge={abilities.purge} preselectedDsId={route.dsId} username={me.username} />;
    case 'jobs':
      return <JobsScreen />;
    case 'origins':
      return <OriginsScreen canWrite={abilities.manageOrigins} />;
    case 'users':
      return <UsersScreen canWrite={abilities.manageUsers} />;
    case 'federations':
      return <FederationsScreen canWrite={abilities.manageFederationUsers} />;
    case 'federation':
      return <FederationScreen id={route.id} canWrite={abilities.manageFederationUsers} />;
    case 'profiles':
      return <ProfilesScreen canWrite={abilities.manageOrigins} />;
    case 'profile':
      return <ProfileScreen id={route.id} canWrite={abilities.manageOrigins} />;
    case 'me':
      return <MyProfileScreen me={me} onSaved={onProfileSaved} />;
    case 'keys':
      return <KeysScreen />;
    case 'dsKeys':
      return <DsKeysScreen xmlId={route.xmlId} />;
    case 'servers':
      return <ServersScreen canWrite={abilities.manageOrigins} />;
    case 'changeLog':
      return <ChangeLogScreen />;
    case 'notFound':
      return <NotFoundScreen path={route.path} />;
    case 'topology':
      return <TopologyScreen canWrite={abilities.manageOrigins} />;
    case 'cdnMap':
      return <CdnMapScreen />;
    case 'deliveryServices':
    case 'dsNew':
    case 'dsEdit':
    case 'tenants':
    case 'parameters':
      return <ManageScreen route={route} abilities={abilities} />;
  }
}
