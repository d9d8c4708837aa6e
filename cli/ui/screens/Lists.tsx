import type { DeliveryService, Profile, User } from '../types.js';
import { Browse } from './Browse.js';
import { protocolName } from '../../../shared/rules/ds-protocol.js';

interface ListScreenProps<T> {
  load: () => Promise<T[]>;
  onBack: () => void;
  onQuit?: () => void;
  width?: number;
  /** Keys the screen adds to the list, with the record under the cursor (see Browse). */
  onListKey?: (input: string, current: T | undefined) => void;
  extraKeys?: Array<{ keys: string; does: string }>;
}

const yesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? null : value ? 'yes' : 'no';

/** The delivery services the user can see. */
export function DeliveryServices(props: ListScreenProps<DeliveryService>) {
  return (
    <Browse
      {...props}
      title="Delivery services"
      noun="delivery services"
      item={(ds) => ({
        key: String(ds.id),
        label: ds.xmlId,
        hint: [ds.displayName, ds.cdnName, ds.active === false ? 'inactive' : null].filter(Boolean).join(' · '),
      })}
      details={(ds) => [
        ['ID', String(ds.id)],
        ['XML ID', ds.xmlId],
        ['Display name', ds.displayName],
        ['Active', yesNo(ds.active)],
        ['CDN', ds.cdnName],
        ['Tenant', ds.tenant],
        ['Type', ds.type],
        ['Origin', ds.orgServerFqdn],
        ['Protocol', protocolName(ds.protocol) || null],
      ]}
    />
  );
}

/** The users the caller can see. */
export function Users(props: ListScreenProps<User>) {
  return (
    <Browse
      {...props}
      title="Users"
      noun="users"
      item={(user) => ({
        key: String(user.id),
        label: user.username,
        hint: [user.fullName, user.roleName ?? user.rolename, user.tenant].filter(Boolean).join(' · '),
      })}
      details={(user) => [
        ['ID', String(user.id)],
        ['Username', user.username],
        ['Full name', user.fullName],
        ['E-mail', user.email],
        ['Role', user.roleName ?? user.rolename],
        ['Tenant', user.tenant],
        ['Company', user.company],
        ['New user', yesNo(user.newUser)],
      ]}
    />
  );
}

/** The profiles. */
export function Profiles(props: ListScreenProps<Profile>) {
  return (
    <Browse
      {...props}
      title="Profiles"
      noun="profiles"
      item={(profile) => ({ key: String(profile.id), label: profile.name, hint: profile.description ?? '' })}
      details={(profile) => [
        ['ID', String(profile.id)],
        ['Name', profile.name],
        ['Description', profile.description],
        ['CDN', profile.cdnName],
        ['Type', profile.type],
        ['Last updated', profile.lastUpdated],
      ]}
    />
  );
}
