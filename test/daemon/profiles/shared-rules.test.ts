import { describe, expect, it } from 'vitest';
import { validateSnapshot } from '../../../daemon/services/snapshot/validate.js';
import { noKnownPlaces } from '../../../daemon/store/snapshot-places.js';
import type { KnownRecords } from '../../../daemon/store/snapshot-types.js';
import { errorsOf, writeHarness } from './write-harness.js';

/**
 * Issue 31: the snapshot importer and the API refuse the same profiles and parameters with the same texts (the
 * rules of shared/rules/profiles.ts).
 */

const known = (): KnownRecords => ({
  ...noKnownPlaces(),
  tenants: new Map([['root', null]]),
  cdns: new Set(['ALL']),
  coordinates: new Set(),
  cachegroups: new Set(),
  cachegroupInfo: new Map(),
  profiles: new Set(['GLOBAL']),
  roles: new Set(['admin']),
  deliveryServiceTypes: new Set(['HTTP']),
  cachegroupTypes: new Set(['EDGE_LOC']),
  serverTypes: new Set(['EDGE']),
  deliveryServiceCdns: new Map(),
  users: new Map([['admin', 'admin@localhost']]),
  deliveryServices: new Map(),
  origins: new Map(),
  jobs: new Map(),
});

const importerErrors = (profile: Record<string, unknown>) =>
  validateSnapshot(
    { profiles: [{ name: 'P1', description: 'd', cdnName: 'ALL', type: 'ATS_PROFILE', ...profile }] },
    known(),
  ).errors;

describe('the importer and the API share the profile and parameter rules', () => {
  const h = writeHarness('sqlite');

  it('a bad profile type', async () => {
    const api = await h.as('admin', 'POST', '/api/1.5/profiles', {
      name: 'P1',
      description: 'd',
      cdn: h.t().ids.cdn.id,
      type: 'NOPE',
      routingDisabled: false,
    });
    const [text] = errorsOf(api.body);
    expect(text).toBe('invalid enum value NOPE for field profile_type.');
    expect(importerErrors({ type: 'NOPE' })).toEqual([`profiles[0] (name "P1"): type: ${text}`]);
  });

  it('a parent.config weight that is no number', async () => {
    const weight = { name: 'weight', configFile: 'parent.config', value: 'heavy' };
    const api = await h.as('admin', 'POST', '/api/1.5/parameters', { ...weight, secure: false });
    const [text] = errorsOf(api.body);
    expect(text).toBe("'parent.config weight' must be a valid float");
    expect(importerErrors({ params: [weight] })).toEqual([`profiles[0] (name "P1"): params[0]: ${text}`]);
    expect(importerErrors({ params: [{ ...weight, value: '0.25' }] })).toEqual([]);
  });
});
