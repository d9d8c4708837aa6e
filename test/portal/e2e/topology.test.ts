import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { portalActions } from './actions.js';
import { launchBrowser, type E2eBrowser } from './browser.js';
import { ADMIN_PASSWORD, startDaemon, type E2eDaemon } from './daemon.js';

// "A newcomer builds a two-tier CDN with the portal alone" (issue 30): on an empty daemon (its seed only: CDN ALL,
// the GLOBAL profile, the type lists), the CDN, its locations, MID and EDGE cache groups, servers in each and the
// EDGE server's delivery service are made through the portal's forms, then read back through the API.
// The servers' profiles and the delivery service come from the Profiles page and the delivery-service form.

let daemon: E2eDaemon;
let browser: E2eBrowser;
let page: Page;
let ui: ReturnType<typeof portalActions>;

beforeAll(async () => {
  daemon = await startDaemon(null);
  browser = await launchBrowser();
  page = browser.page;
  browser.context.setDefaultTimeout(10_000);
  ui = portalActions(browser, daemon.url);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await daemon?.stop();
});
afterEach(() => {
  expect(browser.problems).toEqual([]);
});

type Json = Record<string, unknown>;
const api = async <T = Json[]>(path: string): Promise<T> => {
  const res = await page.request.get(`${daemon.url}/api/1.3${path}`);
  expect(res.status(), `GET ${path}`).toBe(200);
  return ((await res.json()) as { response: T }).response;
};

const form = (name: string | RegExp) => page.getByRole('form', { name });
/** The field (label, control, message) of a form by its label. */
const field = (scope: Locator, label: string) =>
  scope.locator('.field').filter({ has: page.getByLabel(label, { exact: true }) });

async function topology() {
  await ui.section('Topology').click();
  await page.getByRole('heading', { name: 'Topology', exact: true }).waitFor();
}

async function createCdn() {
  await page.getByRole('button', { name: 'Create CDN' }).click();
  const f = form('New CDN');
  await f.getByLabel('CDN name', { exact: true }).fill('two-tier');
  await f.getByLabel('Domain name', { exact: true }).fill('two.example.test');
  await f.getByRole('button', { name: 'Create CDN' }).click();
  await ui.alert('cdn was created.').waitFor();
  await page.getByRole('table', { name: 'CDNs' }).getByRole('cell', { name: 'two-tier', exact: true }).waitFor();
}

async function createPlaces() {
  await page.getByRole('button', { name: 'Create division' }).click();
  await form('New division').getByLabel('Division name', { exact: true }).fill('Midwest');
  await form('New division').getByRole('button', { name: 'Create division' }).click();
  await page.getByRole('list', { name: 'divisions' }).getByText('Midwest').waitFor();

  await page.getByRole('button', { name: 'Create region' }).click();
  const region = form('New region');
  await region.getByLabel('Region name', { exact: true }).fill('Chicagoland');
  await region.getByLabel('Region division', { exact: true }).selectOption({ label: 'Midwest' });
  await region.getByRole('button', { name: 'Create region' }).click();
  await page.getByRole('list', { name: 'regions' }).getByText('Chicagoland').waitFor();

  await page.getByRole('button', { name: 'Create physical location' }).click();
  const loc = form('New physical location');
  const fill: Array<[string, string]> = [
    ['name', 'chi-dc1'],
    ['short name', 'chi1'],
    ['address', '1 Wacker Dr'],
    ['city', 'Chicago'],
    ['state', 'IL'],
    ['postal code', '60601'],
  ];
  for (const [label, value] of fill) await loc.getByLabel(`Physical location ${label}`, { exact: true }).fill(value);
  await loc.getByLabel('Physical location region', { exact: true }).selectOption({ label: 'Chicagoland' });
  await loc.getByRole('button', { name: 'Create physical location' }).click();
  await page.getByRole('list', { name: 'physical locations' }).getByText('chi-dc1').waitFor();
}

async function createGroup(name: string, type: string, parent?: string) {
  await page.getByRole('button', { name: 'Create cache group' }).click();
  const f = form('New cache group');
  await f.getByLabel('Cache group name', { exact: true }).fill(name);
  await f.getByLabel('Short name', { exact: true }).fill(name.replace('-', ''));
  await f.getByLabel('Type', { exact: true }).selectOption({ label: type });
  if (parent) await f.getByLabel('Parent cache group', { exact: true }).selectOption({ label: `${parent} (MID_LOC)` });
  await f.getByLabel('Latitude', { exact: true }).fill('41.88');
  await f.getByLabel('Longitude', { exact: true }).fill('-87.63');
  await f.getByRole('button', { name: 'Create cache group' }).click();
  await page.getByRole('article', { name: `Cache group ${name}` }).waitFor();
}

describe('a newcomer builds a two-tier CDN with the portal alone', () => {
  it('creates the CDN, its locations, MID and EDGE groups, servers and an assignment, all linked', async () => {
    await ui.logIn('admin', ADMIN_PASSWORD);
    await topology();
    await createCdn();
    await createPlaces();
    await createGroup('mid-chi', 'MID_LOC');
    await createGroup('edge-chi', 'EDGE_LOC', 'mid-chi');
    // The EDGE group is drawn under its MID parent.
    await page
      .getByRole('article', { name: 'Cache group mid-chi' })
      .locator('xpath=..')
      .getByRole('article', { name: 'Cache group edge-chi' })
      .waitFor();

    const cdn = (await api<Json[]>('/cdns/name/two-tier'))[0];
    await createProfile('EDGE_TWO', 'edges');
    await createProfile('MID_TWO', 'mids');
    await createDeliveryService();

    await ui.section('Servers').click();
    await page.getByRole('heading', { name: 'Servers', exact: true }).waitFor();
    await createServer({ host: 'mid-chi-1', group: 'mid-chi', type: 'MID', profile: 'MID_TWO', ip: '10.20.0.1' });
    await createServer({ host: 'edge-chi-1', group: 'edge-chi', type: 'EDGE', profile: 'EDGE_TWO', ip: '10.20.1.1' });
    await assignDs('edge-chi-1', 'two-video');
    await editServer('edge-chi-1');

    await expectBuilt(cdn.id as number);
  });

  it('shows the API refusal and the shared rules next to the field they concern', async () => {
    await topology();
    // A duplicate name: the API refuses it, and its text lands under the name field.
    await page.getByRole('button', { name: 'Create cache group' }).click();
    const f = form('New cache group');
    await f.getByLabel('Cache group name', { exact: true }).fill('mid-chi');
    await f.getByLabel('Short name', { exact: true }).fill('midchi2');
    await f.getByLabel('Type', { exact: true }).selectOption({ label: 'MID_LOC' });
    await f.getByRole('button', { name: 'Create cache group' }).click();
    await expect
      .poll(() => field(f, 'Cache group name').textContent())
      .toContain("cachegroup name 'mid-chi' already exists.");
    expect(await f.getByLabel('Cache group name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await browser.screenshot('topology-duplicate-name');
    await f.getByRole('button', { name: 'Cancel' }).click();

    // A parent that would make the MID its own ancestor: the shared rule says so under the parent field, in the
    // API's words, and nothing is sent.
    await page
      .getByRole('article', { name: 'Cache group mid-chi' })
      .getByRole('button', { name: 'Edit' })
      .first()
      .click();
    const edit = form('Edit cache group mid-chi');
    await edit.getByLabel('Parent cache group', { exact: true }).selectOption({ label: 'edge-chi (EDGE_LOC)' });
    await expect
      .poll(() => field(edit, 'Parent cache group').textContent())
      .toContain('the cache group mid-chi cannot be its own ancestor: mid-chi -> edge-chi -> mid-chi');
    await browser.screenshot('topology-parent-loop');
    await edit.getByRole('button', { name: 'Save cache group' }).click();
    expect(await edit.isVisible()).toBe(true);
    const mid = (await api<Json[]>('/cachegroups?name=mid-chi'))[0];
    expect(mid.parentCachegroupId).toBeNull();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // A server form's field errors: the shared rules before sending.
    await ui.section('Servers').click();
    await page.getByRole('button', { name: 'Create server' }).click();
    const sf = form('New server');
    await sf.getByLabel('Host name', { exact: true }).fill('bad.host');
    await sf.getByLabel('IPv4 address', { exact: true }).fill('10.0.0.999');
    await sf.getByRole('button', { name: 'Create server' }).click();
    await expect.poll(() => field(sf, 'Host name').textContent()).toContain('must be a host name without dots');
    await expect.poll(() => field(sf, 'IPv4 address').textContent()).toContain('must be a valid IPv4 address');
    await sf.getByRole('button', { name: 'Cancel' }).click();
  });

  it('deletes a CDN only once its name is typed', async () => {
    await topology();
    await page.getByRole('button', { name: 'Create CDN' }).click();
    await form('New CDN').getByLabel('CDN name', { exact: true }).fill('scratch');
    await form('New CDN').getByLabel('Domain name', { exact: true }).fill('scratch.example.test');
    await form('New CDN').getByRole('button', { name: 'Create CDN' }).click();
    const row = page.getByRole('table', { name: 'CDNs' }).getByRole('row').filter({ hasText: 'scratch' });
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = form('Delete CDN');
    const button = confirm.getByRole('button', { name: 'Delete CDN' });
    expect(await button.isDisabled()).toBe(true);
    await confirm.getByLabel('Name to delete').fill('scratch');
    await button.click();
    await ui.alert('cdn was deleted.').waitFor();
    expect(await api<Json[]>('/cdns/name/scratch')).toEqual([]);
  });

  it('fits the Topology page at 390, 1440 and 1920 px without horizontal page overflow', async () => {
    for (const width of [1440, 1920, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${daemon.url}/topology`);
      await page.getByRole('article', { name: 'Cache group edge-chi' }).getByText('edge-chi-1').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `overflow at ${width} px`).toBeLessThanOrEqual(0);
      await browser.screenshot(`topology-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

async function createServer(s: { host: string; group: string; type: string; profile: string; ip: string }) {
  await page.getByRole('button', { name: 'Create server' }).click();
  const f = form('New server');
  await f.getByLabel('Host name', { exact: true }).fill(s.host);
  await f.getByLabel('Domain name', { exact: true }).fill('two.example.test');
  await f.getByLabel('CDN', { exact: true }).selectOption({ label: 'two-tier' });
  await f.getByLabel('Cache group', { exact: true }).selectOption({ label: s.group });
  await f.getByLabel('Server type', { exact: true }).selectOption({ label: s.type });
  await f.getByLabel('Profile', { exact: true }).selectOption({ label: s.profile });
  await f.getByLabel('Physical location', { exact: true }).selectOption({ label: 'chi-dc1' });
  await f.getByLabel('Rack', { exact: true }).fill('R1');
  await f.getByLabel('Status', { exact: true }).selectOption('ONLINE');
  await f.getByLabel('IPv4 address', { exact: true }).fill(s.ip);
  await f.getByLabel('IPv4 netmask', { exact: true }).fill('255.255.255.0');
  await f.getByLabel('IPv4 gateway', { exact: true }).fill('10.20.0.254');
  await f.getByLabel('IPv6 address', { exact: true }).fill('2001:db8::1/64');
  await f.getByLabel('HTTPS port', { exact: true }).fill('443');
  await f.getByLabel('iLO IP address', { exact: true }).fill('10.99.0.1');
  await f.getByLabel('Router host name', { exact: true }).fill('rtr1');
  await browser.screenshot(`topology-server-form-${s.host}`);
  await f.getByRole('button', { name: 'Create server' }).click();
  await ui.alert('server was created.').waitFor();
  await page.getByRole('table', { name: 'Servers' }).getByRole('cell', { name: s.host, exact: true }).waitFor();
}

/** Opens a server's form with its every field loaded and changes its rack and offline/online state. */
async function editServer(host: string) {
  const row = page.getByRole('table', { name: 'Servers' }).getByRole('row').filter({ hasText: host });
  await row.getByText(`Actions for ${host}`).click();
  await row.getByRole('button', { name: 'Edit', exact: true }).click();
  const f = form(`Edit server ${host}`);
  expect(await f.getByLabel('Router host name', { exact: true }).inputValue()).toBe('rtr1');
  await f.getByLabel('Rack', { exact: true }).fill('R2');
  await f.getByRole('button', { name: 'Save server' }).click();
  await ui.alert('Server updated').waitFor();
}

async function assignDs(host: string, xmlId: string) {
  const row = page.getByRole('table', { name: 'Servers' }).getByRole('row').filter({ hasText: host });
  await row.getByText(`Actions for ${host}`).click();
  await row.getByRole('button', { name: 'Delivery services…' }).click();
  const f = form(`Delivery services of ${host}`);
  await f.getByLabel(xmlId).check();
  await f.getByRole('button', { name: 'Save assignments' }).click();
  await ui.alert('successfully assigned dses to server').waitFor();
}

async function expectBuilt(cdnId: number) {
  const division = (await api<Json[]>('/divisions?name=Midwest'))[0];
  const region = (await api<Json[]>('/regions?name=Chicagoland'))[0];
  expect(region.division).toBe(division.id);
  const loc = (await api<Json[]>('/phys_locations?name=chi-dc1'))[0];
  expect(loc).toMatchObject({ regionId: region.id, shortName: 'chi1', city: 'Chicago', zip: '60601' });
  const groups = await api<Json[]>('/cachegroups');
  const mid = groups.find((g) => g.name === 'mid-chi')!;
  const edge = groups.find((g) => g.name === 'edge-chi')!;
  expect(mid).toMatchObject({ typeName: 'MID_LOC', parentCachegroupId: null, latitude: 41.88 });
  expect(edge).toMatchObject({ typeName: 'EDGE_LOC', parentCachegroupId: mid.id, parentCachegroupName: 'mid-chi' });
  const servers = await api<Json[]>(`/servers?cdn=${cdnId}`);
  const byHost = new Map(servers.map((s) => [s.hostName, s]));
  expect(byHost.get('mid-chi-1')).toMatchObject({
    cachegroupId: mid.id,
    type: 'MID',
    profile: 'MID_TWO',
    physLocationId: loc.id,
  });
  expect(byHost.get('edge-chi-1')).toMatchObject({
    cachegroupId: edge.id,
    cdnName: 'two-tier',
    type: 'EDGE',
    profile: 'EDGE_TWO',
    status: 'ONLINE',
    physLocation: 'chi-dc1',
    rack: 'R2',
    ipNetmask: '255.255.255.0',
    ip6Address: '2001:db8::1/64',
    httpsPort: 443,
    iloIpAddress: '10.99.0.1',
    routerHostName: 'rtr1',
  });
  const edgeId = byHost.get('edge-chi-1')!.id as number;
  const assigned = await api<Json[]>(`/servers/${edgeId}/deliveryservices`);
  expect(assigned.map((ds) => ds.xmlId)).toEqual(['two-video']);
}

async function createProfile(name: string, description: string) {
  await ui.section('Profiles').click();
  await page.getByRole('button', { name: 'New profile' }).click();
  const f = form('New profile');
  await f.getByLabel('Profile name').fill(name);
  await f.getByLabel('Description').fill(description);
  await f.getByLabel('CDN').selectOption({ label: 'two-tier' });
  await f.getByLabel('Profile type').selectOption('ATS_PROFILE');
  await f.getByRole('button', { name: 'Create profile' }).click();
  await ui.alert('profile was created.').waitFor();
}

async function createDeliveryService() {
  await ui.section('Delivery services').click();
  await page.getByRole('link', { name: 'New delivery service' }).click();
  const f = page.getByRole('form', { name: 'New delivery service' });
  await f.getByLabel('Key (xmlId)').fill('two-video');
  await f.getByLabel('Display name').fill('Two-tier video');
  await f.getByLabel('CDN', { exact: true }).selectOption({ label: 'two-tier' });
  await f.getByLabel('Tenant', { exact: true }).selectOption({ label: 'root' });
  await f.getByLabel('Origin server base URL').fill('http://video-origin.example.test:8080');
  await f.getByRole('button', { name: 'Create delivery service' }).click();
  await page.getByRole('heading', { name: 'two-video', exact: true }).waitFor();
}
