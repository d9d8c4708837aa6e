import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import {
  DeliveryServicesScreen,
  type DeliveryServicesScreenProps,
  type DsWriteActions,
} from '../../../../cli/ui/screens/deliveryservices/DeliveryServicesScreen.js';
import type { DeliveryService } from '../../../../cli/ui/types.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';

const CLEAR = '\u0015'; // Ctrl+U empties a text field

const SERVICES = [
  {
    id: '1',
    xmlId: 'ds1',
    displayName: 'DS One',
    cdnName: 'cdn1',
    cdnId: 2,
    typeId: 11,
    tenantId: 1,
    tenant: 'root',
    protocol: 0,
    orgServerFqdn: 'http://ds1-origin.example.test',
    active: true,
    dscp: 0,
    routingName: 'cdn',
    initialDispersion: 1,
    ipv6RoutingEnabled: false,
    missLat: 41.5,
    missLong: -87.5,
    multiSiteOrigin: false,
    qstringIgnore: 0,
    rangeRequestHandling: 0,
    logsEnabled: false,
    geoLimit: 0,
    geoProvider: 0,
    regionalGeoBlocking: false,
    deepCachingType: 'NEVER',
    edgeHeaderRewrite: 'rm-header X-Old',
    consistentHashQueryParams: ['a', 'b'],
  },
] as unknown as DeliveryService[];

const CHOICES = {
  types: [
    { id: 11, name: 'HTTP' },
    { id: 12, name: 'ANY_MAP' },
  ],
  cdns: [{ id: 2, name: 'cdn1' }],
  tenants: [
    { id: 1, name: 'root' },
    { id: 5, name: 'acme' },
  ],
  profiles: [{ id: 7, name: 'DEMO_DS' }],
};

function setup(writes: Partial<DsWriteActions> | null = {}) {
  const actions: DsWriteActions | undefined =
    writes === null
      ? undefined
      : {
          choices: vi.fn(async () => CHOICES),
          create: vi.fn(async () => [{}]),
          update: vi.fn(async () => [{}]),
          ...writes,
        };
  const props: DeliveryServicesScreenProps = {
    load: vi.fn(async () => SERVICES),
    writes: actions,
    onBack: vi.fn(),
    width: 110,
  };
  const view = render(<DeliveryServicesScreen {...props} />);
  return {
    ...view,
    props,
    actions,
    frame: () => view.lastFrame() ?? '',
    wait: (check: string) => waitForFrame(view.lastFrame, check),
  };
}

/** Opens a picker on the current field, filters it by `text` and picks the first match. */
async function choose(stdin: { write: (s: string) => void }, text: string) {
  await press(stdin, KEY.space);
  await type(stdin, text);
  await press(stdin, KEY.enter);
}

afterEach(cleanup);

/** Fields of the create form (the edit form has one fewer: no XML ID), and where some of them are. */
const FIELDS = 55;
const AT = { routingName: 5, dscp: 8, profileId: 10, orgServerFqdn: 38, edgeHeaderRewrite: 41 };

/** Every frame fits an 80×24 terminal. */
function expectFits(frame: string) {
  const lines = frame.split('\n');
  expect(lines.length, frame).toBeLessThanOrEqual(24);
  for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
}

/** Presses a key n times. */
async function times(stdin: { write: (s: string) => void }, key: string, n: number) {
  for (let i = 0; i < n; i++) await press(stdin, key);
}

describe('Delivery services screen: create and edit (issue 31)', () => {
  it('creates one from the list with n: every section scrolls into view, the API’s rules per field, Enter submits', async () => {
    const view = setup();
    await view.wait('ds1');
    await press(view.stdin, 'n');
    await view.wait('New delivery service');
    expectFits(view.frame());
    expect(view.frame()).toContain('── Routing');
    expect(view.frame()).toMatch(/↓ \d+ more/);
    expect(view.frame()).not.toContain('── Security');
    await type(view.stdin, 'bad.id');
    await press(view.stdin, KEY.tab, KEY.tab);
    expect(view.frame()).toContain('✗ cannot contain periods');
    expect(view.frame()).toContain('✗ cannot be blank');
    await press(view.stdin, KEY.up, KEY.up, CLEAR);
    await type(view.stdin, 'acme-web');
    await press(view.stdin, KEY.tab);
    await type(view.stdin, 'Acme web');
    await press(view.stdin, KEY.tab);
    // A pick moves on to the next field: type, CDN, tenant, then the routing name.
    await choose(view.stdin, 'HTTP');
    await choose(view.stdin, 'cdn1');
    await choose(view.stdin, 'acme');
    await times(view.stdin, KEY.tab, AT.profileId - AT.routingName);
    await choose(view.stdin, 'DEMO');
    await times(view.stdin, KEY.tab, AT.orgServerFqdn - AT.profileId - 1);
    expect(view.frame()).toContain('── Origin');
    expect(view.frame()).toMatch(/↑ \d+ more/);
    expect(view.frame()).not.toContain('── Routing');
    expectFits(view.frame());
    await type(view.stdin, 'ftp://origin');
    expect(view.frame()).toContain('✗ must start with http:// or https://');
    await press(view.stdin, CLEAR, KEY.tab);
    expect(view.frame()).toContain("✗ is required if type is 'HTTP'");
    await press(view.stdin, KEY.up);
    await type(view.stdin, 'https://origin.acme.test:8443');
    await times(view.stdin, KEY.tab, AT.edgeHeaderRewrite - AT.orgServerFqdn);
    expect(view.frame()).toContain('── Headers');
    await type(view.stdin, 'set-header X-Acme 1');
    expect(view.frame()).not.toContain('✗');
    await times(view.stdin, KEY.enter, FIELDS - AT.edgeHeaderRewrite);
    await view.wait('Delivery service acme-web created.');
    expect(view.actions?.create).toHaveBeenCalledWith(
      expect.objectContaining({
        xmlId: 'acme-web',
        displayName: 'Acme web',
        typeId: 11,
        cdnId: 2,
        tenantId: 5,
        profileId: 7,
        orgServerFqdn: 'https://origin.acme.test:8443',
        edgeHeaderRewrite: 'set-header X-Acme 1',
        midHeaderRewrite: null,
        protocol: 0,
        active: true,
        dscp: 0,
        routingName: 'cdn',
        deepCachingType: 'NEVER',
        signingAlgorithm: null,
        consistentHashQueryParams: [],
      }),
    );
  });

  it('edits the one under the cursor with e: the stored record with the changes, the xmlId fixed', async () => {
    const view = setup();
    await view.wait('ds1');
    await press(view.stdin, 'e');
    await view.wait('Edit delivery service ds1');
    expect(view.frame()).not.toContain('XML ID');
    expectFits(view.frame());
    await press(view.stdin, CLEAR);
    await type(view.stdin, 'DS Uno');
    await times(view.stdin, KEY.enter, FIELDS - 1);
    await view.wait('Delivery service ds1 saved.');
    expect(view.actions?.update).toHaveBeenCalledWith(
      1,
      expect.objectContaining({
        xmlId: 'ds1',
        displayName: 'DS Uno',
        typeId: 11,
        tenantId: 1,
        dscp: 0,
        missLat: 41.5,
        edgeHeaderRewrite: 'rm-header X-Old',
        consistentHashQueryParams: ['a', 'b'],
        multiSiteOrigin: false,
      }),
    );
  });

  it('shows a rule’s message under its field and does not submit until it is fixed', async () => {
    const view = setup();
    await view.wait('ds1');
    await press(view.stdin, 'e');
    await view.wait('Edit delivery service ds1');
    await times(view.stdin, KEY.tab, AT.dscp - 1);
    await press(view.stdin, CLEAR);
    await type(view.stdin, 'x1');
    await press(view.stdin, KEY.tab);
    const lines = view.frame().split('\n');
    const at = lines.findIndex((l) => l.includes('DSCP'));
    expect(lines[at + 1]).toContain('✗ must be an integer');
    await times(view.stdin, KEY.enter, FIELDS - AT.dscp);
    expect(view.frame()).toContain('Fix the fields marked ✗ first.');
    expect(view.actions?.update).not.toHaveBeenCalled();
    expectFits(view.frame());
  });

  it('keeps the form and shows the API’s refusal in place', async () => {
    const create = vi.fn(async () => {
      throw new Error("deliveryservice xml_id 'ds1' already exists.");
    });
    const view = setup({ create });
    await view.wait('ds1');
    await press(view.stdin, 'n');
    await type(view.stdin, 'ds1');
    await press(view.stdin, KEY.tab);
    await type(view.stdin, 'again');
    await press(view.stdin, KEY.tab);
    await choose(view.stdin, 'ANY_MAP');
    await choose(view.stdin, 'cdn1');
    await choose(view.stdin, 'root');
    await times(view.stdin, KEY.enter, FIELDS - AT.routingName);
    await view.wait('already exists');
    expect(view.frame()).toContain('New delivery service');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ xmlId: 'ds1', orgServerFqdn: null, typeId: 12 }));
  });

  it('offers no writes without them: n and e do nothing', async () => {
    const view = setup(null);
    await view.wait('ds1');
    await press(view.stdin, 'n', 'e');
    expect(view.frame()).not.toContain('New delivery service');
    expect(view.frame()).not.toContain('Edit delivery service');
  });
});
