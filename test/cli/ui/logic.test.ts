import { describe, expect, it } from 'vitest';
import { assetUrlPreview, expiryPreview, matchesEverything, purgeErrors } from '../../../shared/rules/forms/purge.js';
import {
  emptyOriginForm,
  isDnsName,
  originToForm,
  toOriginBody,
  validateOrigin,
} from '../../../shared/rules/forms/origin.js';
import { fitColumns, renderTable, truncate } from '../../../cli/output/table.js';
import { jobExpiry, timeLeft } from '../../../shared/rules/job-time.js';
import { planAssignment } from '../../../cli/ui/format/assignment.js';
import { applyTyped } from '../../../cli/ui/format/typed-text.js';
import { deliveryServices, origins } from './helpers/fixtures.js';

const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);

describe('purge validation', () => {
  const fine = { regex: '/images/.*\\.jpg', ttl: '24', startTime: '2026-03-01 12:00:00' };
  const errorsOf = (values: Partial<typeof fine>, max = 2160) => purgeErrors({ ...fine, ...values }, max, NOW);

  it("accepts a regex that starts with / and compiles, and says why otherwise (the API's texts)", () => {
    expect(errorsOf({})).toEqual({ regex: undefined, ttl: undefined, startTime: undefined });
    expect(errorsOf({ regex: '' }).regex).toBe('regex: is required');
    expect(errorsOf({ regex: 'images/.*' }).regex).toBe("regex: must start with '/'");
    expect(errorsOf({ regex: '/foo([' }).regex).toMatch(/^regex: is not a valid regular expression: /);
    expect(errorsOf({ regex: '/a b' }).regex).toBe('regex: cannot contain whitespace or control characters');
  });

  it('recognises regexes that match every path', () => {
    for (const all of ['/.*', '/', '/(.*)', '/.+', '/.*$']) expect(matchesEverything(all), all).toBe(true);
    for (const narrow of ['/images/.*', '/.*\\.jpg$', '/a', '.*', '/foo('])
      expect(matchesEverything(narrow), narrow).toBe(false);
  });

  it('bounds the ttl between 1 and the maximum', () => {
    expect(errorsOf({ ttl: '' }).ttl).toBe('ttl: is required');
    expect(errorsOf({ ttl: '1.5' }).ttl).toBe('ttl: must be a whole number of hours');
    expect(errorsOf({ ttl: '0' }).ttl).toBe('ttl: must be at least 1');
    expect(errorsOf({ ttl: '2161' }).ttl).toBe('ttl: cannot exceed 2160');
    expect(errorsOf({ ttl: '48' }, 47).ttl).toBe('ttl: cannot exceed 47');
    expect(errorsOf({ ttl: '2160' }).ttl).toBeUndefined();
  });

  it('keeps the start within two days of now', () => {
    expect(errorsOf({ startTime: 'tomorrow' }).startTime).toMatch(/^startTime: must be a time/);
    expect(errorsOf({ startTime: '2026-02-27 11:59:59' }).startTime).toBe(
      'startTime: cannot be more than two days in the past',
    );
    expect(errorsOf({ startTime: '2026-03-03 12:00:01' }).startTime).toBe(
      'startTime: must be within two days from now',
    );
    expect(errorsOf({ startTime: '2026-03-03T12:00:00Z' }).startTime).toBeUndefined();
  });

  it('previews the asset URL from the origin URL and the expiry from start and ttl', () => {
    expect(assetUrlPreview('http://o.example.test/', '/a/.*')).toBe('http://o.example.test/a/.*');
    expect(assetUrlPreview(null, '/a')).toBeNull();
    expect(expiryPreview('2026-03-01 12:00:00', 36)).toBe('2026-03-03 00:00:00');
    expect(expiryPreview('garbage', 1)).toBeNull();
  });
});

describe('origin validation', () => {
  const valid = { ...emptyOriginForm(), name: 'o1', fqdn: 'o1.example.test', deliveryService: 'ds1' };

  it('accepts a valid form and builds the API body with numbers', () => {
    expect(validateOrigin(valid, deliveryServices)).toEqual({});
    const body = toOriginBody({ ...valid, port: '81', profileId: '3', ipAddress: ' 10.0.0.1 ' }, deliveryServices);
    expect(body).toEqual({
      name: 'o1',
      fqdn: 'o1.example.test',
      protocol: 'http',
      deliveryServiceId: 1,
      port: 81,
      profileId: 3,
      ipAddress: '10.0.0.1',
    });
  });

  it('reports each field as the API does', () => {
    const errors = validateOrigin(
      {
        ...emptyOriginForm(),
        protocol: '',
        port: '0',
        ipAddress: '::1',
        ip6Address: '1.2.3.4',
        tenantId: '-1',
        profileId: 'x',
      },
      deliveryServices,
    );
    expect(errors).toEqual({
      name: 'cannot be blank',
      fqdn: 'cannot be blank',
      protocol: 'cannot be blank',
      deliveryService: 'is required',
      port: 'must be a valid integer between 1 and 65535',
      ipAddress: 'must be a valid IPv4 address',
      ip6Address: 'must be a valid IPv6 address',
      tenantId: 'must be no less than 1',
      profileId: 'must be an integer',
    });
  });

  it('treats IP addresses and bad labels as not DNS names', () => {
    expect(isDnsName('origin.example.test')).toBe(true);
    expect(isDnsName('localhost')).toBe(true);
    expect(isDnsName('10.1.2.3')).toBe(false);
    expect(isDnsName('-bad.example')).toBe(false);
    expect(isDnsName('a..b')).toBe(false);
  });

  it('fills the edit form from a record and finds the delivery service by xmlId or id', () => {
    const form = originToForm(origins[1]);
    expect(form).toMatchObject({
      name: 'media-2',
      deliveryService: 'ds1',
      port: '8080',
      cachegroupId: '4',
      ipAddress: '',
    });
    expect(toOriginBody({ ...form, deliveryService: '2' }, deliveryServices).deliveryServiceId).toBe(2);
  });
});

describe('table fitting', () => {
  const rows = [{ a: 'alpha-long-value', b: 'bee', c: 'the third column' }];
  const columns = [
    { header: 'A', value: (r: (typeof rows)[0]) => r.a, minWidth: 5 },
    { header: 'B', value: (r: (typeof rows)[0]) => r.b, minWidth: 3 },
    { header: 'C', value: (r: (typeof rows)[0]) => r.c, minWidth: 8 },
  ];

  it('keeps natural widths when they fit', () => {
    expect(fitColumns(columns, rows, 80)).toEqual([16, 3, 16]);
  });

  it('drops columns from the right rather than cutting them; a lone column is cut to fit', () => {
    expect(fitColumns(columns, rows, 30)).toEqual([16, 3, 0]);
    expect(fitColumns(columns, rows, 21)).toEqual([16, 3, 0]);
    expect(fitColumns(columns, rows, 12)).toEqual([12, 0, 0]);
    const { header, lines } = renderTable(columns, rows, 12);
    expect(header).toBe('A');
    expect(lines[0]).toBe('alpha-long-…');
  });

  it('truncates with an ellipsis', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
    expect(truncate('abc', 0)).toBe('');
  });
});

describe('time left and assignments', () => {
  it('says how long until a job expires', () => {
    expect(timeLeft(NOW + 2 * 86_400_000 + 3 * 3600_000, NOW)).toBe('2d 3h');
    expect(timeLeft(NOW + 5 * 3600_000 + 12 * 60_000, NOW)).toBe('5h 12m');
    expect(timeLeft(NOW + 250_000, NOW)).toBe('4m 10s');
    expect(timeLeft(NOW + 9_000, NOW)).toBe('9s');
    expect(timeLeft(NOW, NOW)).toBe('expired');
    expect(jobExpiry({ startTime: '2026-03-01 12:00:00', parameters: 'TTL:2h' })).toBe(NOW + 7_200_000);
    expect(jobExpiry({ startTime: '2026-03-01 12:00:00', parameters: 'weird' })).toBeNull();
  });

  it('plans the fewest federation requests', () => {
    expect(planAssignment([1, 2], [2, 1])).toEqual({ kind: 'none' });
    expect(planAssignment([1], [1, 3])).toEqual({ kind: 'assign', userIds: [3], replace: false });
    expect(planAssignment([1, 2], [2, 3])).toEqual({ kind: 'assign', userIds: [2, 3], replace: true });
    expect(planAssignment([1, 2], [])).toEqual({ kind: 'remove', userIds: [1, 2] });
  });
});

describe('typed text arriving in one input', () => {
  it('honours the editing keys inside it and stops at Enter', () => {
    expect(applyTyped('ab', 'c')).toEqual({ value: 'abc', submit: false });
    expect(applyTyped('images/', '\u0015/images/.*')).toEqual({ value: '/images/.*', submit: false });
    expect(applyTyped('abc', 'x\u007f\u007fy')).toEqual({ value: 'aby', submit: false });
    expect(applyTyped('', 'ops_user\rsecret\r')).toEqual({ value: 'ops_user', submit: true });
    expect(applyTyped('a', '\tb\u0001')).toEqual({ value: 'ab', submit: false });
  });
});
