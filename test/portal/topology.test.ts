import { describe, expect, it } from 'vitest';
import { buildCachegroupTree, tierOf, type TreeGroup, type TreeServer } from '../../portal/src/lib/cachegroup-tree';
import { topologyFieldErrors } from '../../portal/src/lib/topology-errors';
import {
  emptyCachegroupForm,
  toPlaceBody,
  validateCachegroupForm,
  validateCdnForm,
  validatePlaceForm,
  type GroupChoice,
} from '../../shared/rules/forms/topology.js';
import { emptyServerForm, toServerBody, validateServerForm } from '../../shared/rules/forms/server.js';

const group = (
  id: number,
  name: string,
  typeName: string,
  parent: number | null = null,
  second: number | null = null,
) =>
  ({
    id,
    name,
    shortName: name,
    typeName,
    typeId: typeName === 'MID_LOC' ? 1 : 2,
    parentCachegroupId: parent,
    parentCachegroupName: null,
    secondaryParentCachegroupId: second,
    secondaryParentCachegroupName: null,
    fallbacks: [],
    fallbackToClosest: true,
    localizationMethods: [],
  }) satisfies TreeGroup & GroupChoice;

const server = (id: number, hostName: string, cachegroupId: number, upd = false, reval = false): TreeServer => ({
  id,
  hostName,
  cachegroupId,
  status: 'ONLINE',
  type: 'EDGE',
  updPending: upd,
  revalPending: reval,
});

describe('the cache-group tree', () => {
  it('puts EDGE groups under their MID parent, MID tiers first, each with its servers and whether they are up to date', () => {
    const groups = [
      group(3, 'edge-b', 'EDGE_LOC', 1),
      group(2, 'edge-a', 'EDGE_LOC', 1, 4),
      group(1, 'mid-east', 'MID_LOC'),
      group(4, 'mid-west', 'MID_LOC'),
      group(5, 'lonely-edge', 'EDGE_LOC'),
    ];
    const tree = buildCachegroupTree(groups, [
      server(11, 'e2', 2, true),
      server(10, 'e1', 2),
      server(12, 'e3', 3, false, true),
    ]);
    expect(tree.map((n) => [n.group.name, n.tier])).toEqual([
      ['mid-east', 'MID'],
      ['mid-west', 'MID'],
      ['lonely-edge', 'EDGE'],
    ]);
    const mid = tree[0];
    expect(mid.children.map((n) => n.group.name)).toEqual(['edge-a', 'edge-b']);
    expect(mid.children[0].servers.map((s) => [s.server.hostName, s.upToDate])).toEqual([
      ['e1', true],
      ['e2', false],
    ]);
    expect(mid.children[1].servers[0].upToDate).toBe(false);
    // A secondary parent does not draw the group twice.
    expect(tree[1].children).toEqual([]);
  });

  it('draws every group once when parents loop or point at a group not listed', () => {
    const groups = [group(1, 'a', 'MID_LOC', 2), group(2, 'b', 'MID_LOC', 1), group(3, 'c', 'EDGE_LOC', 99)];
    const tree = buildCachegroupTree(groups, []);
    const names = (nodes: typeof tree): string[] => nodes.flatMap((n) => [n.group.name, ...names(n.children)]);
    expect(names(tree).sort()).toEqual(['a', 'b', 'c']);
    expect(tree.filter((n) => n.inLoop).map((n) => n.group.name)).toEqual(['a', 'b']);
  });

  it('reads the tier from the type', () => {
    expect([tierOf('MID_LOC'), tierOf('EDGE_LOC'), tierOf('ORG_LOC'), tierOf('TR_LOC')]).toEqual([
      'MID',
      'EDGE',
      'ORIGIN',
      'OTHER',
    ]);
  });
});

describe('the topology forms check fields with the API rules', () => {
  it('refuses a parent that makes the group its own ancestor, under the parent field, in the API text', () => {
    const groups = [group(1, 'mid', 'MID_LOC'), group(2, 'edge', 'EDGE_LOC', 1)];
    const values = { ...emptyCachegroupForm(), name: 'mid', shortName: 'mid', typeId: '1', parentCachegroupId: '2' };
    expect(validateCachegroupForm(values, 1, groups, 'MID_LOC')).toEqual({
      parentCachegroupId: 'the cache group mid cannot be its own ancestor: mid -> edge -> mid',
    });
    expect(validateCachegroupForm({ ...values, parentCachegroupId: '' }, 1, groups, 'MID_LOC')).toEqual({});
  });

  it('reports names, coordinates, type and fallbacks per field', () => {
    const groups = [group(1, 'mid', 'MID_LOC')];
    const values = {
      ...emptyCachegroupForm(),
      name: 'bad name',
      latitude: '91',
      longitude: 'east',
      fallbacks: ['mid'],
    };
    expect(validateCachegroupForm(values, null, groups, 'EDGE_LOC')).toEqual({
      name: 'invalid characters found - Use alphanumeric . or - or _ .',
      shortName: 'cannot be blank',
      latitude: 'Must be a floating point number within the range +-90',
      longitude: 'Must be a floating point number within the range +-180',
      typeId: 'is required',
      fallbacks:
        'the cache group mid is not valid as a fallback.  It must exist as a cache group and be of type EDGE_LOC.',
    });
  });

  it('checks CDNs and places with the shared rules', () => {
    expect(validateCdnForm({ name: '', domainName: 'not a domain', dnssecEnabled: false })).toEqual({
      name: 'cannot be blank',
      domainName: 'not a valid domain name',
    });
    expect(validatePlaceForm('region', { name: '', division: '' })).toEqual({
      name: 'is required',
      division: 'is required',
    });
    expect(
      validatePlaceForm('physLocation', {
        name: 'p',
        shortName: 'p',
        address: 'a',
        city: 'c',
        state: 's',
        zip: '1',
        regionId: '',
      }),
    ).toEqual({
      regionId: 'cannot be blank',
    });
    expect(toPlaceBody('physLocation', { name: 'p', regionId: '4', poc: '' })).toMatchObject({
      regionId: 4,
      poc: null,
    });
  });

  it('checks a server form as POST servers does and builds its body', () => {
    const values = {
      ...emptyServerForm(),
      hostName: 'edge.1',
      domainName: 'example.test',
      ipAddress: '10.0.0.300',
      tcpPort: '0',
      status: 'OFFLINE',
    };
    expect(validateServerForm(values)).toEqual({
      hostName: 'must be a host name without dots',
      cdnId: 'is required',
      cachegroupId: 'is required',
      typeId: 'is required',
      profileId: 'is required',
      ipAddress: 'must be a valid IPv4 address',
      tcpPort: 'must be a valid integer between 1 and 65535',
      offlineReason: 'is required for ADMIN_DOWN or OFFLINE status',
    });
    const ok = {
      ...emptyServerForm(),
      hostName: 'edge1',
      domainName: 'example.test',
      ip6Address: '2001:db8::1/64',
      cdnId: '2',
      cachegroupId: '3',
      typeId: '4',
      profileId: '5',
    };
    expect(validateServerForm(ok)).toEqual({});
    expect(toServerBody(ok)).toMatchObject({
      hostName: 'edge1',
      cdnId: 2,
      ipAddress: null,
      tcpPort: 80,
      interfaceMtu: 1500,
      status: 'PRE_PROD',
      offlineReason: null,
    });
  });
});

describe('API alerts land under the field they name', () => {
  const fields = [
    'name',
    'shortName',
    'parentCachegroupId',
    'fallbacks',
    'hostName',
    'ipAddress',
    'profileId',
  ] as const;
  it('maps Traffic Ops texts with and without a quoted key, and keeps the rest', () => {
    const split = topologyFieldErrors(
      [
        { level: 'error', text: "cachegroup name 'mid' already exists." },
        { level: 'error', text: "'shortName' cannot be blank, 'parentCacheGroupID' must be no less than 1" },
        { level: 'error', text: 'the cache group a cannot be its own ancestor: a -> b -> a' },
        { level: 'error', text: "server with hostName 'edge1' already exists." },
        { level: 'error', text: 'ipAddress is not unique across the server [id:0] profile [id:3], [1] conflicts' },
        { level: 'error', text: "CDN id '1' for profile '3' does not match Server CDN '2'" },
        { level: 'error', text: 'something else entirely' },
        { level: 'success', text: 'fine' },
      ],
      fields,
      { parentCacheGroupID: 'parentCachegroupId' },
    );
    expect(split.fields).toEqual({
      name: "cachegroup name 'mid' already exists.",
      shortName: 'cannot be blank',
      parentCachegroupId: 'must be no less than 1',
      hostName: "server with hostName 'edge1' already exists.",
      ipAddress: 'ipAddress is not unique across the server [id:0] profile [id:3], [1] conflicts',
      profileId: "CDN id '1' for profile '3' does not match Server CDN '2'",
    });
    expect(split.rest).toEqual([
      { level: 'error', text: 'something else entirely' },
      { level: 'success', text: 'fine' },
    ]);
  });
});
