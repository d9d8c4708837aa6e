import { useState } from 'react';
import { Box, Text } from 'ink';
import type { CurrentUser } from '../types.js';
import type { SessionInfo } from '../actions.js';
import { SelectList, type SelectItem } from '../components/SelectList.js';
import { Screen } from '../components/Screen.js';
import { Spinner } from '../components/Spinner.js';
import { ErrorBox } from '../components/ErrorBox.js';
import { useRequest } from '../hooks/use-request.js';
import { theme } from '../theme.js';
import { ALL_PERMISSIONS, type Permissions } from '../permissions.js';

/** The screens the home menu opens. */
export type Destination =
  | 'deliveryServices'
  | 'purge'
  | 'jobs'
  | 'origins'
  | 'federations'
  | 'users'
  | 'profiles'
  | 'keys'
  | 'servers'
  | 'cdns'
  | 'cachegroups'
  | 'tenants'
  | 'caches';

const MENU: SelectItem<Destination>[] = [
  {
    key: 'deliveryServices',
    label: 'Delivery services',
    hint: 'the delivery services you can see',
    value: 'deliveryServices',
  },
  { key: 'purge', label: 'Purge', hint: 'invalidate content of a delivery service', value: 'purge' },
  { key: 'jobs', label: 'Jobs', hint: 'your purge jobs and when they expire', value: 'jobs' },
  { key: 'origins', label: 'Origins', hint: 'list, create, edit and delete origins', value: 'origins' },
  { key: 'federations', label: 'Federations', hint: 'federations and their users', value: 'federations' },
  { key: 'users', label: 'Users', hint: 'the users you can see', value: 'users' },
  { key: 'profiles', label: 'Profiles', hint: 'profiles and their descriptions', value: 'profiles' },
  {
    key: 'keys',
    label: 'Keys',
    hint: 'certificates and signing keys (admin): expiry, fingerprints, key ids',
    value: 'keys',
  },
  { key: 'servers', label: 'Servers', hint: 'caches: status, queued updates, check-ins, checks', value: 'servers' },
  { key: 'cdns', label: 'CDNs', hint: 'list, create, edit and delete CDNs', value: 'cdns' },
  {
    key: 'cachegroups',
    label: 'Cache groups',
    hint: 'MID and EDGE groups: parents, fallbacks, localization',
    value: 'cachegroups',
  },
  { key: 'tenants', label: 'Tenants', hint: 'the tenant tree: create and edit tenants', value: 'tenants' },
  { key: 'caches', label: 'Caches', hint: 'the live CDN map: cache groups by tier, health, purges', value: 'caches' },
];

/** The menu the user's role allows: no Purge without the right to purge; read-only hints where nothing can be changed. */
export function menuFor(permissions: Permissions): SelectItem<Destination>[] {
  return MENU.filter((item) => item.value !== 'purge' || permissions.purge).map((item) => {
    if (item.value === 'origins' && !permissions.writeOrigins)
      return { ...item, hint: 'list and inspect origins (read-only for your role)' };
    if (item.value === 'tenants' && !permissions.writeOrigins)
      return { ...item, hint: 'the tenant tree (read-only for your role)' };
    if (item.value === 'federations' && !permissions.assignFederationUsers)
      return { ...item, hint: 'federations and their users (read-only for your role)' };
    return item;
  });
}

export const HOME_KEYS = [
  { keys: '↑↓ j/k', does: 'move' },
  { keys: 'Enter', does: 'open' },
  { keys: '/', does: 'filter' },
  { keys: 'q', does: 'quit' },
  { keys: 'Esc', does: 'clear the filter (in a screen: go back)' },
];

export interface HomeProps {
  session: SessionInfo;
  loadUser: () => Promise<CurrentUser>;
  onOpen: (to: Destination) => void;
  onQuit: () => void;
  width?: number;
  /** What the user's role allows (default: everything). */
  permissions?: Permissions;
  /** The menu item the cursor starts on: the screen the user came back from. */
  selected?: Destination;
}

function Who({ user }: { user: CurrentUser }) {
  const role = user.roleName ?? (user.role !== undefined && user.role !== null ? `role ${user.role}` : null);
  return (
    <Text>
      {'Signed in as '}
      <Text bold>{user.username}</Text>
      {user.fullName ? ` (${user.fullName})` : ''}
      {role ? <Text color={theme.muted}>{` · ${role}`}</Text> : null}
      {user.tenant ? <Text color={theme.muted}>{` · tenant ${user.tenant}`}</Text> : null}
    </Text>
  );
}

/** The home screen: who is signed in, to which server at which API version, and the menu of screens. */
export function Home({
  session,
  loadUser,
  onOpen,
  onQuit,
  width = 80,
  permissions = ALL_PERMISSIONS,
  selected,
}: HomeProps) {
  const user = useRequest(loadUser);
  const [help, setHelp] = useState(false);
  return (
    <Screen path={['Home']} bindings={HOME_KEYS} showHelp={help} width={width}>
      {user.loading && !user.data ? <Spinner label="Loading your account…" /> : null}
      {user.data ? <Who user={user.data} /> : null}
      {user.error ? <ErrorBox message={user.error} title="Could not load your account" /> : null}
      <Text>
        {'Server '}
        <Text bold>{session.server}</Text>
        <Text color={theme.muted}>{' · '}</Text>
        {'API '}
        <Text bold>{session.apiVersion}</Text>
      </Text>
      <Box marginTop={1}>
        <SelectList
          items={menuFor(permissions)}
          width={width}
          initialKey={selected}
          onSelect={(item) => onOpen(item.value)}
          onKey={(input) => {
            if (input === 'q') onQuit();
            if (input === '?') setHelp((h) => !h);
          }}
        />
      </Box>
    </Screen>
  );
}
