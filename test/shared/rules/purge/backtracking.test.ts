import { describe, expect, it } from 'vitest';
import { backtracksLittle } from '../../../../shared/rules/purge/backtracking.js';

describe('backtracksLittle', () => {
  it.each([
    String.raw`/images/.*\.jpg`,
    String.raw`/a/.*/b/.+\.png`,
    String.raw`/video/seg-\d{5}\.ts`,
    String.raw`/css/[a-z|*+]+\.css`,
    String.raw`/(?:static)/x.*?`,
    String.raw`/exact/path\.html`,
    String.raw`/\(.*\)`,
  ])('vouches for %s', (source) => {
    expect(backtracksLittle(source)).toBe(true);
  });

  it.each([
    [String.raw`/(a+)+!`, 'a quantified group'],
    [String.raw`/(?:a|a)*!`, 'alternation'],
    [String.raw`/x|y`, 'alternation at the top'],
    [String.raw`/(a)\1`, 'a backreference'],
    [String.raw`/(?<n>a)\k<n>`, 'a named backreference'],
    [String.raw`/.*.*.*x`, 'three quantifiers'],
    [String.raw`/\(?\(?\(?x`, 'optional escaped parentheses'],
    [String.raw`/a{1,5}b{2,}c?`, 'three counted quantifiers'],
    [String.raw`/(?:.{0,30}$|(?:[\w\/.?=&-]|[\w\/.?=&-])+!)`, 'the catastrophic test pattern'],
  ])('leaves %s to the time-limited probe (%s)', (source) => {
    expect(backtracksLittle(source)).toBe(false);
  });

  it('leaves unicode-mode patterns to the time-limited probe', () => {
    expect(backtracksLittle('/a', 'u')).toBe(false);
  });
});
