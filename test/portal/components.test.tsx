import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CurrentUser, DeliveryService, FederationUser, Origin } from '../../portal/src/api/types';
import { AlertList } from '../../portal/src/components/AlertList';
import { ConfirmByName } from '../../portal/src/components/ConfirmByName';
import { CountCard } from '../../portal/src/components/CountCard';
import { Nav } from '../../portal/src/components/Nav';
import { DataGrid } from '../../portal/src/grid/DataGrid';
import type { GridColumn } from '../../portal/src/grid/model';
import { LocationContext } from '../../portal/src/hooks/navigation';
import { normalizeJob } from '../../portal/src/lib/jobs';
import { ChangeLogTable } from '../../portal/src/screens/ChangeLogTable';
import { CompleteRegistrationScreen } from '../../portal/src/screens/CompleteRegistrationScreen';
import { DeliveryServicesTable } from '../../portal/src/screens/DeliveryServicesTable';
import { FederationUsersTable } from '../../portal/src/screens/FederationUsersTable';
import { JobsTable } from '../../portal/src/screens/JobsTable';
import { LoginScreen } from '../../portal/src/screens/LoginScreen';
import { OriginsScreen } from '../../portal/src/screens/OriginsScreen';
import { OriginsTable } from '../../portal/src/screens/OriginsTable';
import { changedFields } from '../../portal/src/screens/ProfileForm';
import { PurgeForm } from '../../portal/src/screens/PurgeForm';
import { PurgeScreen } from '../../portal/src/screens/PurgeScreen';
import { RegexHint } from '../../portal/src/screens/RegexHint';
import { UsersScreen } from '../../portal/src/screens/UsersScreen';

const html = (node: React.ReactElement) => renderToStaticMarkup(node);
const noop = () => undefined;
/** The visible text of rendered markup, tags dropped, whitespace collapsed. */
const text = (markup: string) =>
  markup
    .replace(/<wbr\/>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The opening tag of the control that a label names through its `for`. */
function control(markup: string, label: string): string {
  const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${escape(label)}</label>`).exec(markup)?.[1];
  if (!id) throw new Error(`no label "${label}"`);
  return new RegExp(`<(?:input|select)[^>]*id="${escape(id)}"[^>]*>`).exec(markup)?.[0] ?? '';
}
const buttons = (markup: string) => [...markup.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
/** The buttons of a grid's rows, without its own (export, pages). */
const rowButtons = (markup: string) =>
  buttons(markup).filter((b) => !['Filters', 'Export CSV', 'Reset view', 'Previous', 'Next'].includes(b));

const origin = (id: number, name: string, isPrimary: boolean): Origin => ({
  id,
  name,
  fqdn: `${name}.example.test`,
  protocol: 'http',
  port: null,
  ipAddress: '192.0.2.1',
  ip6Address: null,
  isPrimary,
  deliveryService: 'ds1',
  deliveryServiceId: 1,
  tenant: 'root',
  tenantId: 1,
  cachegroup: null,
  cachegroupId: null,
  coordinate: null,
  coordinateId: null,
  profile: null,
  profileId: null,
  lastUpdated: '2026-11-21 12:00:00+00',
});

const ds = (id: number, xmlId: string): DeliveryService => ({
  id,
  xmlId,
  displayName: xmlId.toUpperCase(),
  active: true,
  cdnName: 'cdn1',
  type: 'HTTP',
  tenant: 'root',
  tenantId: 1,
  protocol: 0,
  orgServerFqdn: `http://${xmlId}-origin.example.test`,
  exampleURLs: [],
});

describe('login', () => {
  it('labels its fields Username and Password and its button Log in', () => {
    const markup = html(<LoginScreen alerts={[]} onLoggedIn={noop} />);
    expect(control(markup, 'Username')).toMatch(/^<input[^>]*autoComplete="username"/);
    expect(control(markup, 'Password')).toMatch(/^<input[^>]*type="password"/);
    expect(buttons(markup)).toEqual(['Log in']);
  });

  it('shows the alerts it is given, such as the logout message', () => {
    const markup = html(<LoginScreen alerts={[{ level: 'success', text: 'You are logged out.' }]} onLoggedIn={noop} />);
    expect(markup).toContain('<p class="alert alert-success" role="status">You are logged out.</p>');
  });

  it('asks a registered user for username, full name and a confirmed password', () => {
    const me = { username: 'pending-1', email: 'new@example.test', fullName: null, newUser: true } as CurrentUser;
    const markup = html(
      <CompleteRegistrationScreen
        me={me}
        alerts={[{ level: 'success', text: 'Successfully logged in.' }]}
        onDone={noop}
      />,
    );
    expect(text(markup)).toContain('Complete your registration');
    expect(text(markup)).toContain('Signed in as new@example.test.');
    for (const label of ['Username', 'Full name', 'New password', 'Confirm password'])
      expect(control(markup, label)).toMatch(/^<input/);
    expect(markup).toContain('Successfully logged in.');
    expect(control(markup, 'Username')).toMatch(/value=""/);
    expect(control(markup, 'New password')).toMatch(/aria-describedby="[^"]+"/);
  });
});

describe('alerts', () => {
  it('shows each alert with its level, errors as role=alert', () => {
    const markup = html(
      <AlertList
        alerts={[
          { level: 'warning', text: 'the regex matches every path' },
          { level: 'success', text: 'Invalidate content request submitted for ds1' },
          { level: 'error', text: "'fqdn' must be a valid DNS name" },
        ]}
      />,
    );
    expect(markup).toContain('<p class="alert alert-warning" role="status">the regex matches every path</p>');
    expect(markup).toContain(
      '<p class="alert alert-success" role="status">Invalidate content request submitted for ds1</p>',
    );
    expect(markup).toContain('<p class="alert alert-error" role="alert">&#x27;fqdn&#x27; must be a valid DNS name</p>');
  });

  it('renders nothing without alerts', () => {
    expect(html(<AlertList alerts={[]} />)).toBe('');
  });
});

describe('navigation', () => {
  it('links every section in order, marks the current one, and offers log out', () => {
    const markup = html(<Nav path="/federations/2" username="admin" onLogOut={noop} />);
    const links = [...markup.matchAll(/<a href="([^"]+)" class="([^"]+)">([^<]+)<\/a>/g)].map((m) => [
      m[1],
      m[3],
      m[2],
    ]);
    expect(links.map(([, label]) => label)).toEqual([
      'cdnctl',
      'Delivery services',
      'Purge',
      'Jobs',
      'Origins',
      'Users',
      'Federations',
      'Profiles',
      'Servers',
      'Change log',
      'Topology',
      'Tenants',
      'Parameters',
      'CDN map',
      'admin',
    ]);
    expect(links.find(([, label]) => label === 'Federations')?.[2]).toBe('nav-link active');
    expect(links.filter(([, , cls]) => cls.includes('active'))).toHaveLength(1);
    expect(buttons(markup)).toEqual(['Menu', 'Log out']);
    expect(markup).toContain('aria-expanded="false" aria-controls="topbar-menu"');
  });

  it('shows a count, a wait, or a dash when the API refused', () => {
    expect(text(html(<CountCard label="Origins" to="/origins" count={4} />))).toBe('4 Origins');
    expect(text(html(<CountCard label="Origins" to="/origins" count={10004} />))).toBe('10,004 Origins');
    expect(text(html(<CountCard label="Origins" to="/origins" count={undefined} />))).toBe('… Origins');
    expect(text(html(<CountCard label="Users" to="/users" count={null} />))).toBe('— Users');
  });
});

describe('write buttons follow the role', () => {
  const origins = [origin(1, 'ds1', true), origin(2, 'backup', false)];

  it('shows a read-only user no origin write buttons', () => {
    const markup = html(<OriginsTable origins={origins} canWrite={false} onEdit={noop} onDelete={noop} />);
    expect(rowButtons(markup)).toEqual([]);
    expect(text(markup)).toContain('backup');
  });

  it('lets an operator edit every origin and delete only secondary ones', () => {
    const markup = html(<OriginsTable origins={origins} canWrite onEdit={noop} onDelete={noop} />);
    expect(rowButtons(markup)).toEqual(['Edit', 'Edit', 'Delete']);
    expect(markup).toContain('aria-label="Delete backup"');
    expect(markup).not.toContain('aria-label="Delete ds1"');
  });

  it('hides Create origin from a read-only user', () => {
    expect(buttons(html(<OriginsScreen canWrite={false} />))).not.toContain('Create origin');
    expect(buttons(html(<OriginsScreen canWrite />))).toContain('Create origin');
  });

  it('hides Create user and Register user from a read-only user', () => {
    expect(buttons(html(<UsersScreen canWrite={false} />))).toEqual([]);
    expect(buttons(html(<UsersScreen canWrite />))).toEqual(['Create user', 'Register user']);
  });

  it('shows federation Remove buttons to admins only', () => {
    const users: FederationUser[] = [
      { id: 3, username: 'ro_user', fullName: 'Read Only', email: null, company: null, role: 'read-only' },
    ];
    expect(
      rowButtons(html(<FederationUsersTable users={users} canWrite={false} busy={false} onRemove={noop} />)),
    ).toEqual([]);
    expect(rowButtons(html(<FederationUsersTable users={users} canWrite busy={false} onRemove={noop} />))).toEqual([
      'Remove',
    ]);
  });

  it('links each delivery service to its page, with a Purge link only for users who may purge', () => {
    const services = [ds(1, 'ds1')];
    const readOnly = html(<DeliveryServicesTable services={services} canPurge={false} />);
    expect(readOnly).toContain('<a href="/delivery-services/1">ds1</a>');
    expect(readOnly).not.toContain('>Purge</a>');
    expect(html(<DeliveryServicesTable services={services} canPurge />)).toContain(
      '<a href="/delivery-services/1">Purge</a>',
    );
  });

  it('replaces the purge form with a notice for a read-only user', () => {
    const markup = html(<PurgeScreen canPurge={false} preselectedDsId="" username="ro_user" />);
    expect(markup).toContain('Your role can see jobs but cannot submit purges.');
    expect(markup).not.toContain('Submit purge');
  });
});

describe('purge form', () => {
  const now = Date.parse('2026-11-21T12:34:56Z');
  const services = [ds(1, 'ds1'), ds(2, 'ds2')];

  it('offers the delivery services, shows the TTL maximum and starts now (UTC)', () => {
    const markup = html(<PurgeForm services={services} now={now} onSubmitted={noop} />);
    expect(markup).toContain('<option value="1">ds1 — DS1</option>');
    expect(markup).toContain('<option value="2">ds2 — DS2</option>');
    expect(text(markup)).toContain('From 1 to 2160 hours (90 days) at most.');
    expect(control(markup, 'TTL (hours)')).toContain('value="24"');
    expect(control(markup, 'Start time (UTC)')).toContain('value="2026-11-21 12:34:56"');
    // Nothing typed yet: no field is marked.
    expect(markup).not.toContain('aria-invalid');
  });

  it('preselects the delivery service of a ?ds= link and shows another maximum when given one', () => {
    const markup = html(
      <PurgeForm services={services} initialDsId="2" now={now} maxTtlHours={48} onSubmitted={noop} />,
    );
    expect(markup).toContain('<option value="2" selected="">');
    expect(text(markup)).toContain('From 1 to 48 hours (2 days) at most.');
  });

  it("has no delivery service choice on a delivery service's own page", () => {
    const markup = html(<PurgeForm services={[services[0]]} initialDsId="1" lockDs now={now} onSubmitted={noop} />);
    expect(markup).not.toContain('Choose a delivery service');
    expect(buttons(markup)).toContain('Submit purge');
  });

  it('says what a valid regex means, and warns about matching everything', () => {
    expect(text(html(<RegexHint regex="" matchesEverything={false} />))).toBe(
      'A path pattern starting with /, e.g. /images/.*\\.png',
    );
    const broad = html(<RegexHint regex="/.*" matchesEverything />);
    expect(broad).toContain('class="hint-warning"');
    expect(text(broad)).toContain('This matches every path');
    expect(text(html(<RegexHint regex="/img/.*" matchesEverything={false} />))).toBe('Valid regex.');
  });
});

describe('jobs', () => {
  it('lists each job with who asked, its TTL and the time it has left', () => {
    const job = normalizeJob({
      id: '5',
      keyword: 'PURGE',
      assetUrl: 'http://ds1-origin.example.test/img/.*',
      assetType: 'file',
      status: 'PENDING',
      dsId: '1',
      dsXmlId: 'ds1',
      username: 'admin',
      parameters: 'TTL:24h',
      enteredTime: '2026-11-21 10:00:00',
      startTime: '2026-11-21 10:00:00',
    });
    const markup = text(html(<JobsTable jobs={[job]} now={Date.parse('2026-11-21T12:00:00Z')} />));
    expect(markup).toContain(
      'ds1 admin http://ds1-origin.example.test/img/.* 24 h 2026-11-21 10:00:00 22h 0m left active',
    );
  });
});

describe('the grid', () => {
  interface Row {
    id: number;
    name: string;
    tenant: string;
  }
  const columns: GridColumn<Row>[] = [
    { id: 'name', header: 'Name', value: (r) => r.name },
    { id: 'tenant', header: 'Tenant', value: (r) => r.tenant, filter: true },
    { id: 'id', header: 'ID', value: (r) => r.id, hidden: true },
  ];
  const rows: Row[] = Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    name: `row-${String(i + 1).padStart(2, '0')}`,
    tenant: i % 2 ? 'a' : 'b',
  }));
  const at = (location: string) =>
    html(
      <LocationContext.Provider value={location}>
        <DataGrid label="Things" rows={rows} rowKey={(r) => r.id} columns={columns} />
      </LocationContext.Provider>,
    );
  const cells = (markup: string) =>
    [...markup.matchAll(/<td[^>]*data-label="Name"[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);

  it('shows the first page of 25, every column header a sort button, and how many rows there are', () => {
    const markup = at('/things');
    expect(cells(markup)).toHaveLength(25);
    expect(cells(markup)[0]).toBe('row-01');
    expect(markup).toContain('<button type="button" class="sort-button">Name');
    expect(text(markup)).toContain('60 rows');
    expect(text(markup)).toContain('Page 1 of 3');
    expect(markup).not.toContain('data-label="ID"');
  });

  it('takes search, filter, sort, page and columns from the URL', () => {
    const markup = at('/things?q=row-1&f.tenant=a&sort=-name&cols=id,name');
    expect(cells(markup)).toEqual(['row-18', 'row-16', 'row-14', 'row-12', 'row-10']);
    expect(markup).toContain('aria-sort="descending"');
    expect(text(markup)).toContain('5 of 60 rows');
    expect(markup).toMatch(/<th><button[^>]*>ID/);
    expect(markup).not.toContain('data-label="Tenant"');
    expect(markup).toContain('<option value="a" selected="">a</option>');
  });

  it('clamps a page past the end and says when nothing matches', () => {
    expect(text(at('/things?page=9'))).toContain('Page 3 of 3');
    expect(cells(at('/things?size=50&page=2'))).toHaveLength(10);
    const none = at('/things?q=nothing-like-this');
    expect(cells(none)).toEqual([]);
    expect(text(none)).toContain('No rows match.');
  });
});

describe('deleting by name', () => {
  it('keeps the delete button disabled until the name is typed', () => {
    const markup = html(<ConfirmByName what="origin" name="backup" onConfirm={noop} onCancel={noop} />);
    expect(markup).toContain('Delete origin <strong>backup</strong>? This cannot be undone. Type its name to confirm.');
    expect(markup).toMatch(/<button type="submit" class="danger" disabled="">Delete origin<\/button>/);
  });
});

describe('my profile', () => {
  it('sends only the fields that changed', () => {
    const me = {
      username: 'admin',
      fullName: 'Admin User',
      email: 'admin@example.test',
      city: null,
    } as unknown as CurrentUser;
    const values = {
      username: 'admin',
      fullName: 'Admin U.',
      email: 'admin@example.test',
      company: '',
      phoneNumber: '',
      addressLine1: '',
      city: 'Denver',
      stateOrProvince: '',
      postalCode: '',
      country: '',
    };
    expect(changedFields(me, values)).toEqual({ fullName: 'Admin U.', city: 'Denver' });
  });
});

describe('change log', () => {
  it('shows each entry’s time, user, level and change, newest first as given', () => {
    const markup = html(
      <ChangeLogTable
        entries={[
          {
            id: 2,
            lastUpdated: '2026-11-21 12:05:00+00',
            level: 'APICHANGE',
            message: 'ORIGIN: o1, ID: 4, ACTION: Deleted origin, keys: { id:4 }',
            ticketNum: null,
            user: 'ops',
          },
          {
            id: 1,
            lastUpdated: '2026-11-21 12:00:00+00',
            level: 'LOGIN',
            message: 'USER: ops, ID: 3, ACTION: Logged in',
            ticketNum: null,
            user: 'ops',
          },
        ]}
      />,
    );
    const rows = [...markup.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) => text(m[1]));
    expect(rows).toEqual([
      'Time (UTC) User Level Change',
      '2026-11-21 12:05:00+00 ops APICHANGE ORIGIN: o1, ID: 4, ACTION: Deleted origin, keys: { id:4 }',
      '2026-11-21 12:00:00+00 ops LOGIN USER: ops, ID: 3, ACTION: Logged in',
    ]);
  });
});
