import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { RecordScreen, type RecordActions } from '../../../../cli/ui/screens/topology/RecordScreen.js';
import { CACHEGROUP_SPEC, CDN_SPEC, type CachegroupChoices } from '../../../../cli/ui/screens/topology/specs.js';
import { menuFor } from '../../../../cli/ui/screens/Home.js';
import { ALL_PERMISSIONS } from '../../../../cli/ui/permissions.js';
import type { Cdn, CdnBody } from '../../../../shared/client/cdns.js';
import type { CachegroupBody } from '../../../../shared/client/cachegroups.js';
import type { Cachegroup } from '../../../../shared/client/servers.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';

/** Issue 30, Ink: CDNs and cache groups in the home menu, with the origins screen's list/detail/edit/delete. */

const CLEAR = '\u0015';
const STAMP = '2026-11-21 12:00:00+00';

const cdn = (over: Partial<Cdn>): Cdn => ({
  id: 1,
  name: 'cdn1',
  domainName: 'cdn1.example.test',
  dnssecEnabled: false,
  lastUpdated: STAMP,
  ...over,
});
const CDNS = [cdn({}), cdn({ id: 2, name: 'cdn2', domainName: 'cdn2.example.test', dnssecEnabled: true })];

const group = (over: Partial<Cachegroup>): Cachegroup => ({
  id: 1,
  name: 'mid-denver-long-name',
  shortName: 'mden',
  latitude: 39.7,
  longitude: -104.9,
  parentCachegroupId: null,
  parentCachegroupName: null,
  secondaryParentCachegroupId: null,
  secondaryParentCachegroupName: null,
  typeId: 11,
  typeName: 'MID_LOC',
  lastUpdated: STAMP,
  fallbackToClosest: true,
  localizationMethods: [],
  fallbacks: [],
  ...over,
});
const GROUPS = [
  group({}),
  group({
    id: 2,
    name: 'edge-denver-downtown-01',
    shortName: 'eden',
    typeId: 10,
    typeName: 'EDGE_LOC',
    parentCachegroupId: 1,
    parentCachegroupName: 'mid-denver-long-name',
    secondaryParentCachegroupId: 1,
    secondaryParentCachegroupName: 'mid-denver-long-name',
    fallbacks: ['edge-boulder'],
    localizationMethods: ['CZ', 'GEO'],
  }),
];

function cdnActions(over: Partial<RecordActions<Cdn, CdnBody, undefined>> = {}) {
  return {
    list: vi.fn(async () => CDNS),
    create: vi.fn(async (body: CdnBody) => cdn({ id: 3, ...body })),
    update: vi.fn(async (id: number, body: CdnBody) => cdn({ id, ...body })),
    remove: vi.fn(async () => ({ alerts: [{ level: 'success', text: 'cdn was deleted.' }] })),
    ...over,
  };
}

function setupCdns(over: Partial<RecordActions<Cdn, CdnBody, undefined>> = {}, canWrite = true) {
  const actions = cdnActions(over);
  const onBack = vi.fn();
  const view = render(
    <RecordScreen spec={CDN_SPEC} actions={actions} onBack={onBack} width={80} canWrite={canWrite} />,
  );
  return {
    ...view,
    actions,
    onBack,
    frame: () => view.lastFrame() ?? '',
    wait: (check: string) => waitForFrame(view.lastFrame, check),
  };
}

afterEach(cleanup);

describe('home menu', () => {
  it('offers CDNs and Cache groups', () => {
    const labels = menuFor(ALL_PERMISSIONS).map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['CDNs', 'Cache groups']));
  });
});

describe('CDNs screen', () => {
  it('lists the CDNs; Enter shows one; Esc goes back to the list', async () => {
    const view = setupCdns();
    const frame = await view.wait('cdn2.example.test');
    expect(frame).toMatch(/ID\s+Name\s+Domain\s+DNSSEC/);
    expect(frame).toContain('(2 of 2)');
    await press(view.stdin, 'j', KEY.enter);
    const detail = await view.wait('DNSSEC');
    expect(detail).toContain('CDNs › cdn2');
    expect(detail).toMatch(/DNSSEC\s+yes/);
    await press(view.stdin, KEY.esc);
    await view.wait('(2 of 2)');
  });

  it('creates a CDN from the form and says so', async () => {
    const view = setupCdns();
    await view.wait('cdn2');
    await press(view.stdin, 'n');
    await view.wait('New cdn');
    await type(view.stdin, 'cdn3');
    await press(view.stdin, KEY.enter);
    await type(view.stdin, 'cdn3.example.test');
    await press(view.stdin, KEY.enter, KEY.enter);
    await view.wait('cdn cdn3 was created.');
    expect(view.actions.create).toHaveBeenCalledWith({
      name: 'cdn3',
      domainName: 'cdn3.example.test',
      dnssecEnabled: false,
    });
    expect(view.actions.list).toHaveBeenCalledTimes(2);
  });

  it("shows the API's refusal in place, keeping the form", async () => {
    const view = setupCdns({
      create: vi.fn(async () => {
        throw new Error("cdn name 'cdn1' already exists.");
      }),
    });
    await view.wait('cdn2');
    await press(view.stdin, 'n');
    await type(view.stdin, 'cdn1');
    await press(view.stdin, KEY.enter);
    await type(view.stdin, 'x.example.test');
    await press(view.stdin, KEY.enter, KEY.enter);
    const frame = await view.wait('The server refused the cdn');
    expect(frame).toContain("cdn name 'cdn1' already exists.");
    expect(frame).toContain('New cdn');
  });

  it('edits a CDN with its values filled in', async () => {
    const view = setupCdns();
    await view.wait('cdn2');
    await press(view.stdin, 'e');
    const frame = await view.wait('Edit cdn cdn1');
    expect(frame).toContain('cdn1.example.test');
    await press(view.stdin, KEY.tab, CLEAR);
    await type(view.stdin, 'new.example.test');
    await press(view.stdin, KEY.enter, KEY.enter);
    await view.wait('cdn cdn1 was updated.');
    expect(view.actions.update).toHaveBeenCalledWith(1, {
      name: 'cdn1',
      domainName: 'new.example.test',
      dnssecEnabled: false,
    });
  });

  it('deletes only once the name is typed', async () => {
    const view = setupCdns();
    await view.wait('cdn2');
    await press(view.stdin, 'j', 'd');
    await view.wait('Delete cdn cdn2?');
    await type(view.stdin, 'cdn1');
    await press(view.stdin, KEY.enter);
    expect(view.actions.remove).not.toHaveBeenCalled();
    await press(view.stdin, ...Array(4).fill(KEY.backspace));
    await type(view.stdin, 'cdn2');
    await press(view.stdin, KEY.enter);
    await view.wait('cdn was deleted.');
    expect(view.actions.remove).toHaveBeenCalledWith(2);
  });

  it('offers no writes to a role that may not write', async () => {
    const view = setupCdns({}, false);
    await view.wait('cdn2');
    await press(view.stdin, 'n', 'd', 'e');
    expect(view.frame()).not.toContain('New cdn');
    expect(view.frame()).not.toContain('Delete cdn');
    expect(view.actions.remove).not.toHaveBeenCalled();
  });
});

describe('Cache groups screen', () => {
  const choices: CachegroupChoices = {
    types: [
      { value: '10', label: 'EDGE_LOC' },
      { value: '11', label: 'MID_LOC' },
    ],
    groups: GROUPS.map((g) => ({ value: String(g.id), label: g.name })),
  };
  const setup = () => {
    const actions: RecordActions<Cachegroup, CachegroupBody, CachegroupChoices> = {
      list: vi.fn(async () => GROUPS),
      create: vi.fn(async (body: CachegroupBody) => group({ id: 3, name: String(body.name) })),
      update: vi.fn(async (id: number) => group({ id })),
      remove: vi.fn(async () => ({ alerts: [] })),
      choices: vi.fn(async () => choices),
    };
    const view = render(<RecordScreen spec={CACHEGROUP_SPEC} actions={actions} onBack={vi.fn()} width={80} />);
    return { ...view, actions, wait: (check: string) => waitForFrame(view.lastFrame, check) };
  };

  it('at 80 columns keeps whole names and drops the least important columns', async () => {
    const view = setup();
    const frame = await view.wait('edge-denver-downtown-01');
    const header = frame.split('\n').find((l) => l.includes('Name'))!;
    expect(header).toMatch(/Name\s+Type\s+Parent/);
    expect(header).not.toContain('Secondary');
    expect(frame).toContain('mid-denver-long-name');
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('shows parents, fallbacks and localization in the detail view', async () => {
    const view = setup();
    await view.wait('edge-denver-downtown-01');
    await press(view.stdin, 'j', KEY.enter);
    const frame = await view.wait('Fallback to closest');
    expect(frame).toMatch(/Fallbacks\s+edge-boulder/);
    expect(frame).toMatch(/Localization methods\s+CZ, GEO/);
    expect(frame).toMatch(/Secondary parent\s+mid-denver-long-name/);
  });

  it('creates a group with a type and a parent picked from lists', async () => {
    const view = setup();
    await view.wait('edge-denver-downtown-01');
    await press(view.stdin, 'n');
    await view.wait('New cache group');
    await type(view.stdin, 'edge-boulder');
    await press(view.stdin, KEY.enter);
    await type(view.stdin, 'ebou');
    await press(view.stdin, KEY.enter, KEY.space);
    await view.wait('type to filter');
    await type(view.stdin, 'EDGE');
    await press(view.stdin, KEY.enter, KEY.space);
    await type(view.stdin, 'mid-denver');
    await press(view.stdin, KEY.enter);
    // The secondary parent (empty and optional: Enter moves on, issue 33 item 5), then Enter down to the save.
    await press(view.stdin, ...Array(6).fill(KEY.enter));
    await view.wait('cache group edge-boulder was created.');
    expect(view.actions.create).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'edge-boulder',
        shortName: 'ebou',
        typeId: 10,
        parentCachegroupId: 1,
        fallbackToClosest: true,
        localizationMethods: [],
      }),
    );
  });
});
