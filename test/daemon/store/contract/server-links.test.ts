import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { LinkQuery } from '../../../../daemon/store/servers.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

/**
 * Issue 30's server look-ups, the delivery-service ↔ server link writes and the cache-group assignment (with its
 * `location` parameters): the same answers, links, queued flags and parameters on both stores.
 */

const LOCATION = `
INSERT INTO divisions (id, name, last_updated) VALUES (1, 'west', ${T0});
INSERT INTO regions (id, name, division_id, last_updated) VALUES (1, 'pacific', 1, ${T0});
INSERT INTO phys_locations (id, name, short_name, address, city, state, zip, region_id, last_updated)
  VALUES (1, 'sea1', 's1', '1 Pike St', 'Seattle', 'WA', '98101', 1, ${T0});
`;

const T1 = T0 + 60_000;
const ALL: LinkQuery = { tenants: null, orderBy: 'server', limit: 100, offset: 0 };

describeEachStore('server look-ups and links (issue 30)', (kind) => {
  let h: OpenedStore;
  beforeEach(async () => {
    await h?.close();
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE + LOCATION);
    await h.store.serverFlags.setUpdPending({}, null, false, T0);
  }, 30_000);
  afterAll(() => h?.close());

  const queued = async () => (await h.store.servers.list({}, null)).filter((s) => s.updPending).map((s) => s.hostName);
  const pairs = async (q: Partial<LinkQuery> = {}) =>
    (await h.store.servers.listLinks({ ...ALL, ...q })).map((l) => [l.deliveryService, l.server]);

  it('statusName, physLocation and ipConflicts', async () => {
    expect(await h.store.servers.statusName(3)).toBe('REPORTED');
    expect(await h.store.servers.statusName(999)).toBeNull();
    expect(await h.store.servers.physLocation({ id: 1 })).toEqual({ id: 1, name: 'sea1' });
    expect(await h.store.servers.physLocation({ name: 'sea1' })).toEqual({ id: 1, name: 'sea1' });
    expect(await h.store.servers.physLocation({ name: 'nowhere' })).toBeNull();
    expect(await h.store.servers.ipConflicts('192.0.2.20', 2, 0)).toBe(1);
    expect(await h.store.servers.ipConflicts('192.0.2.20', 2, 2)).toBe(0);
    expect(await h.store.servers.ipConflicts('192.0.2.20', 3, 0)).toBe(0);
  });

  it('listLinks filters by delivery service, server and tenant, in order, paged', async () => {
    expect(await pairs()).toEqual([
      [1, 2],
      [2, 2],
      [1, 3],
    ]);
    expect(await pairs({ dsIds: [2] })).toEqual([[2, 2]]);
    expect(await pairs({ serverIds: [3] })).toEqual([[1, 3]]);
    expect(await pairs({ tenants: [3] })).toEqual([[2, 2]]);
    expect(await pairs({ orderBy: 'deliveryService' })).toEqual([
      [1, 2],
      [1, 3],
      [2, 2],
    ]);
    expect(await pairs({ limit: 1, offset: 1 })).toEqual([[2, 2]]);
  });

  it('linkServers adds links, or replaces them, queuing the servers whose links it touched', async () => {
    expect(await h.store.servers.linkServers(2, [3], false, T1)).toBe(1);
    expect(await pairs({ dsIds: [2] })).toEqual([
      [2, 2],
      [2, 3],
    ]);
    expect(await queued()).toEqual(['edge-02']);
    expect(await h.store.servers.linkServers(2, [3], false, T1)).toBe(0);
    await h.store.serverFlags.setUpdPending({}, null, false, T1);
    // Replacing clears the links first: every link given is written again, and counts.
    expect(await h.store.servers.linkServers(2, [3], true, T1)).toBe(1);
    expect(await pairs({ dsIds: [2] })).toEqual([[2, 3]]);
    expect(await queued()).toEqual(['edge-01', 'edge-02']);
  });

  it('linkDeliveryServices adds links, or replaces them, queuing the server', async () => {
    expect(await h.store.servers.linkDeliveryServices(3, [2, 2], false, T1)).toBe(1);
    expect(await pairs({ serverIds: [3] })).toEqual([
      [1, 3],
      [2, 3],
    ]);
    expect(await queued()).toEqual(['edge-02']);
    expect(await h.store.servers.linkDeliveryServices(3, [2], true, T1)).toBe(1);
    expect(await pairs({ serverIds: [3] })).toEqual([[2, 3]]);
  });

  describe('cachegroups.assignDeliveryServices', () => {
    const locationsOf = async (profile: string) =>
      ((await h.store.parameters.ofProfile(profile)) ?? [])
        .filter((p) => p.name === 'location' && p.configFile !== 'remap.config')
        .map((p) => [p.configFile, p.value]);

    it('links every service to every server and queues them, then sets the location parameters', async () => {
      await h.store.cachegroups.assignDeliveryServices([2, 3], [3], T1, undefined, {
        profileIds: [2],
        files: [
          { configFile: 'hdr_rw_ds-globex.config', value: '/etc/trafficserver' },
          { configFile: 'regex_remap_ds-globex.config', value: null },
        ],
      });
      expect(await pairs({ dsIds: [3] })).toEqual([
        [3, 2],
        [3, 3],
      ]);
      expect(await queued()).toEqual(['edge-01', 'edge-02']);
      expect(await locationsOf('EDGE_ATS')).toEqual([['hdr_rw_ds-globex.config', '/etc/trafficserver']]);
      expect(await locationsOf('MID_ATS')).toEqual([]);

      await h.store.cachegroups.assignDeliveryServices([2], [3], T1, undefined, {
        profileIds: [2, 3],
        files: [
          { configFile: 'hdr_rw_ds-globex.config', value: null },
          { configFile: 'regex_remap_ds-globex.config', value: '/opt/ats' },
        ],
      });
      expect(await locationsOf('EDGE_ATS')).toEqual([['regex_remap_ds-globex.config', '/opt/ats']]);
      expect(await locationsOf('MID_ATS')).toEqual([['regex_remap_ds-globex.config', '/opt/ats']]);
      expect(await h.store.places.parametersOf('hdr_rw_ds-globex.config')).toEqual([]);
    });

    it('without location parameters, changes no parameter', async () => {
      await h.store.cachegroups.assignDeliveryServices([3], [2], T1);
      expect(await pairs({ serverIds: [3] })).toEqual([
        [1, 3],
        [2, 3],
      ]);
      expect(await queued()).toEqual(['edge-02']);
      expect(await locationsOf('EDGE_ATS')).toEqual([]);
    });
  });
});
