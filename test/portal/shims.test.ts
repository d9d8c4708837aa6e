import fc from 'fast-check';
import { isIPv4 as nodeIsIPv4, isIPv6 as nodeIsIPv6 } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isIPv4, isIPv6 } from '../../portal/src/shims/net';
import { Script, createContext } from '../../portal/src/shims/vm';

// The browser build runs the shared validation rules with these stand-ins for node:net and node:vm: they must
// answer as Node does, or the portal and the API would disagree about an address.

const ipLike = fc.stringMatching(/^[0-9a-fA-F:.%]{0,45}$/);
const v4Like = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 300 }).map(String), fc.constantFrom('00', '01', '', '1a')), {
    minLength: 1,
    maxLength: 5,
  })
  .map((p) => p.join('.'));
const v6Like = fc
  .array(fc.oneof(fc.stringMatching(/^[0-9a-fA-F]{0,5}$/), fc.constant(''), v4Like), { minLength: 1, maxLength: 10 })
  .map((p) => p.join(':'));

describe('node:net stand-in', () => {
  it('agrees with Node on known addresses', () => {
    for (const s of [
      '1.2.3.4',
      '255.255.255.255',
      '256.1.1.1',
      '01.2.3.4',
      '1.2.3',
      '::',
      '::1',
      '1::',
      '2001:db8::1',
      '::ffff:192.0.2.1',
      '1:2:3:4:5:6:7:8',
      '1:2:3:4:5:6:7::',
      '1:2:3:4:5:6:7:8::',
      '1::2::3',
      'fe80::1%eth0',
      ':1',
      '1:',
      '12345::',
      'g::1',
      '',
    ]) {
      expect([s, isIPv4(s), isIPv6(s)]).toEqual([s, nodeIsIPv4(s), nodeIsIPv6(s)]);
    }
  });

  it('agrees with Node on generated strings', () => {
    fc.assert(
      fc.property(fc.oneof(ipLike, v4Like, v6Like), (s) => isIPv4(s) === nodeIsIPv4(s) && isIPv6(s) === nodeIsIPv6(s)),
      { numRuns: 5000 },
    );
  });
});

describe('node:vm stand-in', () => {
  it('runs the one call the purge rules make, in its sandbox', () => {
    const sandbox = createContext({ probe: () => true });
    expect(new Script('probe()').runInContext(sandbox, { timeout: 100 })).toBe(true);
    expect(() => new Script('while(true){}')).toThrow(/not available in the browser/);
  });
});
