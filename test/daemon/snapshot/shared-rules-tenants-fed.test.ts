import { describe, expect, it } from 'vitest';
import type { KnownRecords } from '../../../daemon/store/snapshot-types.js';
import { validateSnapshot } from '../../../daemon/services/snapshot/validate.js';
import { noKnownPlaces } from '../../../daemon/store/snapshot-places.js';

/**
 * Issue 31: the snapshot importer refuses the tenants and federations the API refuses, with the API's texts
 * (test/daemon/tenants/tenants.test.ts and test/daemon/federations/cdn-federations.test.ts assert them over HTTP).
 */

function known(): KnownRecords {
  return {
    ...noKnownPlaces(),
    tenants: new Map<string, string | null>([
      ['root', null],
      ['top', 'root'],
      ['below', 'top'],
    ]),
    cdns: new Set(['cdn1']),
    coordinates: new Set(),
    cachegroups: new Set(),
    cachegroupInfo: new Map(),
    profiles: new Set(),
    roles: new Set(['admin']),
    deliveryServiceTypes: new Set(['HTTP']),
    cachegroupTypes: new Set(),
    serverTypes: new Set(),
    deliveryServiceCdns: new Map(),
    users: new Map(),
    deliveryServices: new Map(),
    origins: new Map(),
    jobs: new Map(),
  };
}

const errorsOf = (doc: unknown) => validateSnapshot(doc, known()).errors;

describe('tenants: the API’s hierarchy rules and texts', () => {
  it('refuses a cycle in the file with the API’s text', () => {
    expect(
      errorsOf({
        tenants: [
          { name: 'a', parentName: 'b' },
          { name: 'b', parentName: 'a' },
        ],
      }),
    ).toEqual([
      'tenants[0] (name "a"): trying to set existing child as new parent',
      'tenants[1] (name "b"): trying to set existing child as new parent',
    ]);
  });

  it('refuses moving a stored tenant under its own descendant', () => {
    expect(errorsOf({ tenants: [{ name: 'top', parentName: 'below' }] })).toEqual([
      'tenants[0] (name "top"): trying to set existing child as new parent',
    ]);
  });

  it('refuses the root tenant with the API’s text', () => {
    expect(errorsOf({ tenants: [{ name: 'root', parentName: 'top' }] })).toEqual([
      'tenants[0] (name "root"): trying to change the root tenant, which is immutable',
    ]);
  });
});

describe('federations: the API’s cname and ttl rules and texts', () => {
  const fed = (fields: Record<string, unknown>) => ({
    federations: [{ cname: 'f.example.test.', ttl: 60, ...fields }],
  });
  it.each([
    ['no trailing period', { cname: 'f.example.test' }, `'cname' must end with a period`],
    ['a bad label', { cname: 'f_x..test.' }, `'cname' must be a valid hostname`],
    ['ttl 0 (blank, as ozzo counted it)', { ttl: 0 }, `'ttl' cannot be blank`],
    ['a negative ttl', { ttl: -1 }, `'ttl' must be no less than 0`],
    ['a ttl beyond 32 bits', { ttl: 2147483648 }, `'ttl' must be no greater than 2147483647`],
    ['a ttl that is no integer', { ttl: 1.5 }, `'ttl' must be an integer`],
  ])('refuses %s', (_what, fields, text) => {
    const errors = errorsOf(fed(fields));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(`^federations\\[0\\] \\(cname "[^"]*"\\): ${text.replace(/[.*?()[\]]/g, '\\$&')}$`),
    );
  });

  it('accepts a valid federation', () => {
    expect(errorsOf(fed({}))).toEqual([]);
  });
});
