import { describe, expect, it } from 'vitest';
import { compilePcre } from '../../../../shared/rules/purge/pcre.js';

const compiled = (pattern: string): RegExp => {
  const result = compilePcre(pattern);
  if (!result.ok) throw new Error(`expected ${pattern} to compile, got: ${result.reason}`);
  return result.regex;
};
const reasonOf = (pattern: string): string => {
  const result = compilePcre(pattern);
  if (result.ok) throw new Error(`expected ${pattern} to be refused`);
  return result.reason;
};

describe('compilePcre', () => {
  it.each([
    ['/foo([', 'missing terminating ] for character class'],
    ['/(foo', 'unterminated group'],
    ['/a)', "unmatched ')'"],
    ['/a**', 'nothing to repeat'],
    ['/x\\', '\\ at end of pattern'],
    ['/[[:letters:]]', "unknown POSIX class name 'letters'"],
    ['/[abc', 'missing terminating ] for character class'],
  ])('refuses %s with the reason "%s"', (pattern, reason) => {
    expect(reasonOf(pattern)).toBe(reason);
  });

  it('compiles ordinary patterns with the meaning they have in PCRE', () => {
    const re = compiled('/images/.*\\.jpg');
    expect(re.test('/images/a/b.jpg')).toBe(true);
    expect(re.test('/images/a/bxjpg')).toBe(false);
  });

  it('accepts possessive quantifiers and atomic groups, which JavaScript lacks', () => {
    expect(compiled('/a++b').test('/aaab')).toBe(true);
    expect(compiled('/x{2}+y').test('/xxy')).toBe(true);
    expect(compiled('/(?>ab|c)d').test('/cd')).toBe(true);
  });

  it('keeps lazy quantifiers lazy', () => {
    expect(compiled('/<.+?>').exec('/<a>/<b>')?.[0]).toBe('/<a>');
  });

  it('translates \\A, \\z and \\Z anchors', () => {
    expect(compiled('\\A/x').test('/x')).toBe(true);
    expect(compiled('\\A/x').test('//x')).toBe(false);
    expect(compiled('/x\\z').test('/x')).toBe(true);
    expect(compiled('/x\\z').test('/x\n')).toBe(false);
    expect(compiled('/x\\Z').test('/x\n')).toBe(true);
  });

  it('quotes \\Q...\\E literally, also inside a class and when \\E is missing', () => {
    const re = compiled('/\\Qa.b(c\\E/d');
    expect(re.test('/a.b(c/d')).toBe(true);
    expect(re.test('/axb(c/d')).toBe(false);
    expect(compiled('/\\Q.*').test('/.*')).toBe(true);
    expect(compiled('/\\Q.*').test('/ab')).toBe(false);
    expect(compiled('/[\\Q]\\E]').test('/]')).toBe(true);
  });

  it('accepts Python-style named groups and back-references', () => {
    const re = compiled('/(?P<n>ab)-(?P=n)');
    expect(re.test('/ab-ab')).toBe(true);
    expect(re.test('/ab-cd')).toBe(false);
  });

  it('applies inline flags and drops comments', () => {
    expect(compiled('/(?i)abc').test('/ABC')).toBe(true);
    expect(compiled('/(?i:abc)').test('/ABC')).toBe(true);
    expect(compiled('/a(?#why not)b').test('/ab')).toBe(true);
    expect(compilePcre('/(?-i)abc').ok).toBe(true);
  });

  it('expands POSIX classes and treats a leading ] in a class as a member', () => {
    const re = compiled('/[[:digit:][:upper:]]+$');
    expect(re.test('/A1')).toBe(true);
    expect(re.test('/a1')).toBe(false);
    expect(compiled('/[]a]').test('/]')).toBe(true);
    expect(compiled('/[^]a]').test('/]')).toBe(false);
  });

  it('keeps JavaScript look-arounds and named groups as they are', () => {
    const re = compiled('/x(?<=x)y(?!z)(?<name>w)');
    expect(re.exec('/xyw')?.groups?.name).toBe('w');
    expect(re.test('/xyzw')).toBe(false);
  });
});
