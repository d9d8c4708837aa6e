import { describe, expect, it } from 'vitest';
import { compilePcre } from '../../../../shared/rules/purge/pcre.js';
import { catastrophicReason } from '../../../../shared/rules/purge/redos-static.js';
import { CATASTROPHIC_PATTERNS, ORDINARY_PATTERNS } from './redos-patterns.js';

/** Shapes the bounded probe catches instead (the static check does not follow lookarounds). */
const PROBE_ONLY = new Set([String.raw`/(?=.*(?=.*(?=.*!)))`]);

const reasonOf = (pattern: string) => {
  const c = compilePcre(pattern);
  if (!c.ok) throw new Error(`${pattern}: ${c.reason}`);
  return catastrophicReason(c.regex.source, c.regex.flags);
};

describe('catastrophicReason', () => {
  it.each(CATASTROPHIC_PATTERNS.filter((p) => !PROBE_ONLY.has(p)))('refuses %s', (pattern) => {
    expect(reasonOf(pattern)).toMatch(/overlapping alternation|nested quantifiers|empty text|high polynomial/);
  });

  it.each(ORDINARY_PATTERNS)('accepts %s', (pattern) => {
    expect(reasonOf(pattern)).toBeNull();
  });

  it('names each kind of shape', () => {
    expect(reasonOf('/(a|a)+')).toMatch(/overlapping alternation/);
    expect(reasonOf('/(a+)+')).toMatch(/nested quantifiers/);
    expect(reasonOf('/(a?b?)*')).toMatch(/empty text|nested/);
    expect(reasonOf('/.*a.*a.*a')).toMatch(/3 adjacent repetitions/);
  });

  it('lets a separator keep a nested repetition unambiguous', () => {
    expect(reasonOf('/(\\w+/)+x')).toBeNull();
    expect(reasonOf('/(x[a-z]*)+')).toMatch(/nested/);
    expect(reasonOf('/(X[a-z]*)+')).toBeNull();
    expect(reasonOf('/(?i)(X[a-z]*)+')).toMatch(/nested/);
  });
});
