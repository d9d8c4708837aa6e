import { describe, expect, it } from 'vitest';
import { matchesEverything } from '../../../../shared/rules/purge/match-everything.js';
import { compilePcre } from '../../../../shared/rules/purge/pcre.js';
import {
  DEFAULT_MAX_REVAL_DURATION_DAYS,
  MAX_REGEX_LENGTH,
  maxRevalDurationDays,
  validatePurgeRequest,
  type PurgeLimits,
} from '../../../../shared/rules/purge/purge-request.js';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const DAY = 24 * 3600_000;
const at12: PurgeLimits = { now: NOW, maxTtlHours: 2160, boundPastStart: true };
const at11: PurgeLimits = { ...at12, boundPastStart: false };
const valid = { dsId: 1, regex: '/images/.*\\.jpg', startTime: '2026-11-21 12:30:00', ttl: 24 };

const errorsOf = (body: unknown, limits = at12): string[] => {
  const result = validatePurgeRequest(body, limits);
  if (result.ok) throw new Error('expected the request to be refused');
  return result.errors;
};

describe('validatePurgeRequest', () => {
  it('accepts a valid request and answers its values', () => {
    expect(validatePurgeRequest(valid, at12)).toEqual({
      ok: true,
      request: {
        dsId: 1,
        regex: '/images/.*\\.jpg',
        startTime: Date.parse('2026-11-21T12:30:00Z'),
        ttl: 24,
        matchesEverything: false,
      },
    });
  });

  it('accepts dsId and ttl as numeric strings', () => {
    const result = validatePurgeRequest({ ...valid, dsId: '7', ttl: '48' }, at12);
    expect(result.ok && result.request.dsId).toBe(7);
    expect(result.ok && result.request.ttl).toBe(48);
  });

  it.each([
    ['YYYY-MM-DD hh:mm:ss (UTC)', '2026-11-21 12:30:00'],
    ['RFC 3339 with Z', '2026-11-21T12:30:00Z'],
    ['RFC 3339 with an offset', '2026-11-21T14:30:00+02:00'],
    ["Traffic Ops' +00 form", '2026-11-21 12:30:00+00'],
  ])('reads startTime in %s', (_name, startTime) => {
    const result = validatePurgeRequest({ ...valid, startTime }, at12);
    expect(result.ok && result.request.startTime).toBe(Date.parse('2026-11-21T12:30:00Z'));
  });

  it('reports every missing field together, in body order', () => {
    const expected = ['dsId: is required', 'regex: is required', 'startTime: is required', 'ttl: is required'];
    expect(errorsOf({})).toEqual(expected);
    expect(errorsOf(null)).toEqual(expected);
    expect(errorsOf({ dsId: null, regex: '', startTime: '', ttl: null })).toEqual(expected);
  });

  it('reports every failing field together', () => {
    expect(errorsOf({ dsId: 'one', regex: 'nope', startTime: 'tomorrow', ttl: 1.5 })).toEqual([
      'dsId: must be a positive integer',
      "regex: must start with '/'",
      "startTime: must be a time as 'YYYY-MM-DD hh:mm:ss' (UTC) or RFC 3339",
      'ttl: must be a whole number of hours',
    ]);
  });

  it.each([
    [{ dsId: 0 }, 'dsId: must be a positive integer'],
    [{ dsId: -3 }, 'dsId: must be a positive integer'],
    [{ dsId: true }, 'dsId: must be a positive integer'],
    [{ regex: 42 }, 'regex: must be a string'],
    [{ regex: '/a b' }, 'regex: cannot contain whitespace or control characters'],
    [{ regex: '/a\nb' }, 'regex: cannot contain whitespace or control characters'],
    [{ regex: `/${'a'.repeat(MAX_REGEX_LENGTH)}` }, `regex: cannot be longer than ${MAX_REGEX_LENGTH} characters`],
    [{ regex: 'foo.*' }, "regex: must start with '/'"],
    [{ regex: '/foo([' }, 'regex: is not a valid regular expression: missing terminating ] for character class'],
    [{ regex: '/a)' }, "regex: is not a valid regular expression: unmatched ')'"],
    [{ startTime: 20261121 }, "startTime: must be a time as 'YYYY-MM-DD hh:mm:ss' (UTC) or RFC 3339"],
    [{ startTime: '2026-02-30 00:00:00' }, "startTime: must be a time as 'YYYY-MM-DD hh:mm:ss' (UTC) or RFC 3339"],
    [{ ttl: 0 }, 'ttl: must be at least 1'],
    [{ ttl: -1 }, 'ttl: must be at least 1'],
    [{ ttl: 2161 }, 'ttl: cannot exceed 2160'],
    [{ ttl: 'a day' }, 'ttl: must be a whole number of hours'],
  ])('refuses %j with "%s"', (change, error) => {
    expect(errorsOf({ ...valid, ...change })).toEqual([error]);
  });

  it('bounds ttl by the configured maximum', () => {
    expect(errorsOf({ ...valid, ttl: 25 }, { ...at12, maxTtlHours: 24 })).toEqual(['ttl: cannot exceed 24']);
    expect(validatePurgeRequest({ ...valid, ttl: 24 }, { ...at12, maxTtlHours: 24 }).ok).toBe(true);
  });

  it('refuses a start more than two days past only when the version bounds it (1.2+)', () => {
    const threeDaysAgo = new Date(NOW - 3 * DAY).toISOString();
    expect(errorsOf({ ...valid, startTime: threeDaysAgo })).toEqual([
      'startTime: cannot be more than two days in the past',
    ]);
    expect(validatePurgeRequest({ ...valid, startTime: threeDaysAgo }, at11).ok).toBe(true);
  });

  it('accepts a start exactly two days past or ahead, and refuses a second beyond', () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(validatePurgeRequest({ ...valid, startTime: iso(NOW - 2 * DAY) }, at12).ok).toBe(true);
    expect(validatePurgeRequest({ ...valid, startTime: iso(NOW + 2 * DAY) }, at12).ok).toBe(true);
    expect(errorsOf({ ...valid, startTime: iso(NOW - 2 * DAY - 1000) })).toEqual([
      'startTime: cannot be more than two days in the past',
    ]);
    expect(errorsOf({ ...valid, startTime: iso(NOW + 2 * DAY + 1000) })).toEqual([
      'startTime: must be within two days from now',
    ]);
  });

  it('refuses a start more than two days ahead at every version', () => {
    const ahead = new Date(NOW + 3 * DAY).toISOString();
    expect(errorsOf({ ...valid, startTime: ahead }, at11)).toEqual(['startTime: must be within two days from now']);
    expect(errorsOf({ ...valid, startTime: ahead }, at12)).toEqual(['startTime: must be within two days from now']);
  });

  it('flags a regex that matches every path', () => {
    const result = validatePurgeRequest({ ...valid, regex: '/.*' }, at12);
    expect(result.ok && result.request.matchesEverything).toBe(true);
  });
});

describe('matchesEverything', () => {
  const everything = (pattern: string) => {
    const compiled = compilePcre(pattern);
    if (!compiled.ok) throw new Error(compiled.reason);
    return matchesEverything(compiled.regex);
  };

  it.each(['/', '/.*', '/.+', '/(.*)', '/.*$', '/(?i).*', '/[^\\n]*', '/.*?', '\\A/'])('is true for %s', (pattern) => {
    expect(everything(pattern)).toBe(true);
  });

  it.each(['/images/.*', '/.*\\.jpg', '/a', '/x/.*', '/.*\\?q', '/[a-z]+$', '/.{200}'])(
    'is false for %s',
    (pattern) => {
      expect(everything(pattern)).toBe(false);
    },
  );
});

describe('maxRevalDurationDays', () => {
  it.each([
    ['90', 90],
    ['30', 30],
    [' 7 ', 7],
    [null, DEFAULT_MAX_REVAL_DURATION_DAYS],
    ['0', DEFAULT_MAX_REVAL_DURATION_DAYS],
    ['-5', DEFAULT_MAX_REVAL_DURATION_DAYS],
    ['ninety', DEFAULT_MAX_REVAL_DURATION_DAYS],
  ])('reads %j as %d days', (value, days) => {
    expect(maxRevalDurationDays(value)).toBe(days);
  });
});
