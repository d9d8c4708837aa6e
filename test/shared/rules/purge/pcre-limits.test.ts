import { describe, expect, it } from 'vitest';
import { validatePurgeRequest, type PurgeLimits } from '../../../../shared/rules/purge/purge-request.js';

/*
 * Issue 32, finding 3: a purge regex the caches' PCRE (libpcre 8.39 as ATS 9.2 links it, LINK_SIZE 2) cannot
 * compile was accepted and "applied" while regex_revalidate dropped it. Besides the forms pcre-subset.ts refuses,
 * PCRE has two limits JavaScript does not: groups nested more than 250 deep ("parentheses are too deeply
 * nested"), and a compiled pattern above 64 KiB ("regular expression is too large"), which a repeated group
 * reaches quickly because PCRE compiles one copy of the group per repetition. The verdicts in the tables below
 * were taken from pcre_compile of each pattern behind the base `http://origin.test`.
 */

const limits: PurgeLimits = { now: Date.parse('2026-11-21T12:00:00Z'), maxTtlHours: 2160, boundPastStart: true };
const purge = (regex: string) =>
  validatePurgeRequest({ dsId: 1, regex, startTime: '2026-11-21 12:30:00', ttl: 24 }, limits);
const nested = (depth: number, open = '(?:') => `/${open.repeat(depth)}a${')'.repeat(depth)}`;

describe('PCRE limits JavaScript does not have', () => {
  it.each([
    ['251 nested non-capturing groups', nested(251)],
    ['251 nested capturing groups', nested(251, '(')],
    ['251 nested lookaheads', nested(251, '(?=')],
  ])('refuses %s (PCRE: parentheses are too deeply nested)', (_name, regex) => {
    const result = purge(regex);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors).toEqual([
      "regex: is not compatible with PCRE (the caches' regex engine): groups and lookarounds nested more than 250 deep do not compile in PCRE",
    ]);
  });

  it('accepts groups nested 250 deep (PCRE compiles them)', () => {
    expect(purge(nested(250)).ok).toBe(true);
  });

  it.each([
    ['(?:abcdefghij){5000}', '/(?:abcdefghij){5000}'],
    ['(?:a|b){65535}', '/(?:a|b){65535}'],
    ['nested repeated groups', '/(?:(?:(?:ab){100}){100}){6}'],
    ['a repeated group just over the limit', '/(?:ab){6550}'],
  ])('refuses %s (PCRE: regular expression is too large)', (_name, regex) => {
    const result = purge(regex);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.errors.join('\n')).toMatch(
      /^regex: is not compatible with PCRE \(the caches' regex engine\): it compiles to about [\d,]+ bytes in PCRE, above its limit of 64 KiB; repeat a group fewer times \(PCRE copies a group once per repetition\)$/,
    );
  });

  it.each([
    ['a repeated group well under the limit', '/(?:ab){3000}'],
    ['a long repetition of one character', '/a{1,65535}b{1,65535}'],
    ['nested repeated groups under the limit', '/(?:(?:ab){10}){10}'],
  ])('accepts %s (PCRE compiles it)', (_name, regex) => {
    expect(purge(regex).ok).toBe(true);
  });
});
