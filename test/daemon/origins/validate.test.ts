import { describe, expect, it } from 'vitest';
import { isDnsName, isIPv4, isIPv6 } from '../../../shared/rules/origins/addresses.js';
import { validateOrigin, type OriginBody } from '../../../shared/rules/origins/validate.js';

const valid: OriginBody = { deliveryServiceId: 1, fqdn: 'origin.example.test', name: 'o1', protocol: 'http' };
const errorsOf = (body: OriginBody) => {
  const result = validateOrigin(body);
  if (result.ok) throw new Error('expected validation errors');
  return result.errors;
};

describe('isDnsName', () => {
  it.each([
    'origin.example.test',
    'origin.example.test.',
    'localhost',
    'a_b.example.test',
    'x-1.example.test',
    'a'.repeat(63) + '.test',
  ])('accepts %s', (name) => expect(isDnsName(name)).toBe(true));
  it.each([
    '1.2.3.4',
    '::1',
    '999.1.1.1',
    '10.0.0',
    'http://origin.example.test',
    'origin example.test',
    '-origin.example.test',
    'origin-.example.test',
    'a..b',
    '.',
    'a'.repeat(64) + '.test',
    `${'a.'.repeat(127)}test`,
    'origin.example.test:80',
  ])('refuses %s', (name) => expect(isDnsName(name)).toBe(false));
});

describe('isIPv4 and isIPv6', () => {
  it('accepts dotted quads and refuses leading zeros, ranges and prefixes', () => {
    expect(isIPv4('192.0.2.1')).toBe(true);
    for (const bad of ['192.0.2.256', '01.2.3.4', '192.0.2.0/24', '::1', '']) expect(isIPv4(bad), bad).toBe(false);
  });
  it('accepts IPv6 forms and refuses zones, prefixes and IPv4', () => {
    for (const good of ['::1', '2001:db8::1', '::ffff:192.0.2.1']) expect(isIPv6(good), good).toBe(true);
    for (const bad of ['fe80::1%eth0', '2001:db8::/32', '192.0.2.1', '1:2:3:4:5:6:7:8:9', ''])
      expect(isIPv6(bad), bad).toBe(false);
  });
});

describe('validateOrigin', () => {
  it('answers the fields to store, protocol lower-cased and optional fields null', () => {
    expect(validateOrigin({ ...valid, protocol: 'HTTPS' })).toEqual({
      ok: true,
      fields: {
        deliveryServiceId: 1,
        fqdn: 'origin.example.test',
        name: 'o1',
        protocol: 'https',
        port: null,
        ipAddress: null,
        ip6Address: null,
        cachegroupId: null,
        coordinateId: null,
        profileId: null,
        tenantId: null,
      },
    });
  });

  it('keeps every optional field it is given', () => {
    const body = {
      ...valid,
      port: 8080,
      ipAddress: '192.0.2.1',
      ip6Address: '2001:db8::1',
      cachegroupId: 2,
      coordinateId: 3,
      profileId: 4,
      tenantId: 5,
    };
    const result = validateOrigin(body);
    expect(result.ok && result.fields).toMatchObject({
      port: 8080,
      ipAddress: '192.0.2.1',
      ip6Address: '2001:db8::1',
      cachegroupId: 2,
      coordinateId: 3,
      profileId: 4,
      tenantId: 5,
    });
  });

  it('reports every missing required field at once, in field order', () => {
    expect(errorsOf({})).toEqual([
      "'deliveryServiceId' is required",
      "'fqdn' cannot be blank",
      "'name' cannot be blank",
      "'protocol' cannot be blank",
    ]);
  });

  it.each([
    [{ fqdn: '   ' }, "'fqdn' cannot be blank"],
    [{ fqdn: '192.0.2.1' }, "'fqdn' must be a valid DNS name"],
    [{ fqdn: 'bad host' }, "'fqdn' must be a valid DNS name"],
    [{ name: '' }, "'name' cannot be blank"],
    [{ name: 'my origin' }, "'name' cannot contain spaces"],
    [{ name: 'tab\there' }, "'name' cannot contain spaces"],
    [{ protocol: '' }, "'protocol' cannot be blank"],
    [{ protocol: 'ftp' }, "'protocol' must be http or https"],
    [{ port: 0 }, "'port' must be a valid integer between 1 and 65535"],
    [{ port: 65536 }, "'port' must be a valid integer between 1 and 65535"],
    [{ port: -80 }, "'port' must be a valid integer between 1 and 65535"],
    [{ ipAddress: '300.1.1.1' }, "'ipAddress' must be a valid IPv4 address"],
    [{ ipAddress: '2001:db8::1' }, "'ipAddress' must be a valid IPv4 address"],
    [{ ipAddress: '' }, "'ipAddress' must be a valid IPv4 address"],
    [{ ip6Address: '192.0.2.1' }, "'ip6Address' must be a valid IPv6 address"],
    [{ ip6Address: 'fe80::1%eth0' }, "'ip6Address' must be a valid IPv6 address"],
    [{ deliveryServiceId: 0 }, "'deliveryServiceId' must be no less than 1"],
    [{ cachegroupId: 0 }, "'cachegroupId' must be no less than 1"],
    [{ coordinateId: -1 }, "'coordinateId' must be no less than 1"],
    [{ profileId: 0 }, "'profileId' must be no less than 1"],
    [{ tenantId: 0 }, "'tenantId' must be no less than 1"],
  ] as [OriginBody, string][])('refuses %j with %s', (change, text) => {
    expect(errorsOf({ ...valid, ...change })).toEqual([text]);
  });

  it('accepts the port bounds 1 and 65535 and nulls for optional fields', () => {
    expect(validateOrigin({ ...valid, port: 1 }).ok).toBe(true);
    expect(validateOrigin({ ...valid, port: 65535 }).ok).toBe(true);
    expect(validateOrigin({ ...valid, port: null, ipAddress: null, ip6Address: null, tenantId: null }).ok).toBe(true);
  });

  it('joins several failures in field order', () => {
    expect(errorsOf({ ...valid, name: 'a b', port: 0, ip6Address: 'x', profileId: 0 })).toEqual([
      "'name' cannot contain spaces",
      "'port' must be a valid integer between 1 and 65535",
      "'ip6Address' must be a valid IPv6 address",
      "'profileId' must be no less than 1",
    ]);
  });
});
