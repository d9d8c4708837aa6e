import type { Store } from '../../../../daemon/store/index.js';
import type { User, UserFields } from '../../../../daemon/store/users.js';
import type { UserOrderKey } from '../../../../daemon/store/user-queries.js';
import { T0 } from './fixture.js';

/** A user's writable fields: defaults, then `extra`. */
export const userFields = (username: string, extra: Partial<UserFields> = {}): UserFields => ({
  username,
  email: `${username.toLowerCase()}@example.test`,
  fullName: `Full ${username}`,
  localPasswd: 'scrypt$secret-hash',
  roleId: 3,
  tenantId: 2,
  company: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  stateOrProvince: null,
  postalCode: null,
  country: null,
  phoneNumber: null,
  publicSshKey: null,
  gid: null,
  uid: null,
  newUser: false,
  registrationSent: null,
  ...extra,
});

/** Text that escapes every way JSON can: quotes, backslashes, control characters, non-ASCII, a line separator. */
export const NASTY = `q"uo\\te\n\t\r\b\f\u0001\u001f é ✓ \u2028 😀 </script>`;

/**
 * Users beyond the fixture's, for orders and filters: names in mixed case (binary order differs from a
 * locale's), NULL and equal values in sortable columns (NULLs first ascending, ties by id), odd text.
 */
export async function addUsers(store: Store): Promise<void> {
  const rows: UserFields[] = [
    userFields('Zed', {
      company: 'acme',
      city: 'Zürich ✓',
      gid: 0,
      uid: 1234,
      newUser: true,
      registrationSent: T0 + 5,
    }),
    userFields('amy', {
      company: 'Acme',
      country: 'NL',
      roleId: 2,
      tenantId: 3,
      fullName: NASTY,
      publicSshKey: 'ssh-ed25519 AAAA',
    }),
    userFields('_under', { company: 'acme', city: 'amsterdam', country: 'NL', tenantId: 1, addressLine1: NASTY }),
    userFields('bob', { city: 'Amsterdam', roleId: 5, tenantId: 4, localPasswd: null, phoneNumber: '+31 20' }),
  ];
  let at = T0 + 1_000;
  for (const f of rows) await store.users.insert(f, (at += 61_001));
}

type Sortable = string | number | null;
const SORT_VALUE: Record<UserOrderKey, (u: User) => Sortable> = {
  id: (u) => u.id,
  username: (u) => u.username,
  email: (u) => u.email,
  fullName: (u) => u.fullName,
  role: (u) => u.roleId,
  rolename: (u) => u.roleName,
  roleName: (u) => u.roleName,
  tenant: (u) => u.tenantName,
  tenantId: (u) => u.tenantId,
  company: (u) => u.company,
  city: (u) => u.city,
  country: (u) => u.country,
  lastUpdated: (u) => u.lastUpdated,
};

/** SQLite's order: NULL first, numbers by value, text byte by byte (UTF-8 order is code point order). */
function compare(a: Sortable, b: Sortable): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [Buffer.from(String(a)), Buffer.from(String(b))];
  return Buffer.compare(x, y);
}

/** The ids of `users` in the order a list by `key` must answer them, ties broken by id in the same direction. */
export function expectedOrder(users: User[], key: UserOrderKey, descending: boolean): number[] {
  const sign = descending ? -1 : 1;
  return [...users]
    .sort((a, b) => sign * (compare(SORT_VALUE[key](a), SORT_VALUE[key](b)) || a.id - b.id))
    .map((u) => u.id);
}

export const ORDER_KEYS = Object.keys(SORT_VALUE) as UserOrderKey[];
