import { describe, expect, test } from 'vitest';
import {
  backoffMs,
  decide,
  DEFAULT_PARENT_WAIT_MAX_MS,
  DEFAULT_WAIT_FOR_PARENTS,
  dispersionDelay,
  reportFor,
} from '../../agent/decide.js';
import { changedFiles, lineDiff, significant } from '../../agent/diff.js';
import { parseDuration } from '../../agent/duration.js';
import type { UpdateStatus } from '../../agent/types.js';
import { validateFiles } from '../../agent/validate.js';

const status = (over: Partial<UpdateStatus> = {}): UpdateStatus => ({
  host_name: 'edge-01',
  upd_pending: false,
  reval_pending: false,
  use_reval_pending: true,
  host_id: 1,
  status: 'REPORTED',
  parent_pending: false,
  parent_reval_pending: false,
  ...over,
});

describe('decide (ORT/t3c rules)', () => {
  test('syncds applies every file when an update is pending, and skips otherwise', () => {
    expect(decide('syncds', [status({ upd_pending: true })], 'edge-01', 'reval')).toMatchObject({
      action: 'apply',
      files: 'all',
    });
    expect(decide('syncds', [status()], 'edge-01', 'reval')).toMatchObject({
      action: 'skip',
      reason: expect.stringContaining('upd_pending=false'),
    });
  });

  test('syncds waits for pending parents when told to, or with "reval" only while rapid revalidate is off', () => {
    const pending = [status({ upd_pending: true, parent_pending: true, use_reval_pending: false })];
    expect(decide('syncds', pending, 'edge-01', 'reval').action).toBe('skip');
    expect(decide('syncds', pending, 'edge-01', 'true').action).toBe('skip');
    expect(decide('syncds', pending, 'edge-01', 'false').action).toBe('apply');
    const rapid = [status({ upd_pending: true, parent_pending: true, use_reval_pending: true })];
    expect(decide('syncds', rapid, 'edge-01', 'reval').action).toBe('apply');
    expect(decide('syncds', rapid, 'edge-01', 'true').action).toBe('skip');
  });

  test('by default (issue 32) syncds waits while parent_pending, not for a parent purge while rapid revalidate is on', () => {
    expect(DEFAULT_WAIT_FOR_PARENTS).toBe('true');
    const queued = (over: Partial<UpdateStatus>) => [status({ upd_pending: true, ...over })];
    expect(decide('syncds', queued({ parent_pending: true }), 'edge-01', DEFAULT_WAIT_FOR_PARENTS)).toMatchObject({
      action: 'skip',
      parents: true,
      reason: expect.stringContaining('(parent_pending); waiting'),
    });
    expect(decide('syncds', queued({ parent_reval_pending: true }), 'edge-01', 'true').action).toBe('apply');
    const slow = queued({ parent_reval_pending: true, use_reval_pending: false });
    expect(decide('syncds', slow, 'edge-01', 'true').action).toBe('skip');
  });

  test('a pass held back for parents longer than its bound applies anyway, saying so', () => {
    const held = [status({ upd_pending: true, reval_pending: true, parent_pending: true, parent_reval_pending: true })];
    for (const kind of ['syncds', 'revalidate'] as const) {
      expect(decide(kind, held, 'edge-01', 'true', false, { heldMs: 59_999, maxMs: 60_000 }).action).toBe('skip');
      expect(decide(kind, held, 'edge-01', 'true', false, { heldMs: 60_000, maxMs: 60_000 })).toMatchObject({
        action: 'apply',
        reason: expect.stringContaining('a parent has still not applied its own after 60 s: applying anyway'),
      });
    }
    expect(DEFAULT_PARENT_WAIT_MAX_MS).toBe(parseDuration('30m'));
  });

  test('revalidate applies regex_revalidate.config once the parents have revalidated', () => {
    expect(decide('revalidate', [status({ reval_pending: true })], 'edge-01', 'reval')).toMatchObject({
      action: 'apply',
      files: 'revalidate',
    });
    expect(
      decide('revalidate', [status({ reval_pending: true, parent_reval_pending: true })], 'edge-01', 'reval').action,
    ).toBe('skip');
    expect(
      decide('revalidate', [status({ reval_pending: true, parent_reval_pending: true })], 'edge-01', 'false').action,
    ).toBe('apply');
    expect(decide('revalidate', [status()], 'edge-01', 'reval').action).toBe('skip');
    expect(
      decide('revalidate', [status({ reval_pending: true, use_reval_pending: false })], 'edge-01', 'reval'),
    ).toMatchObject({ action: 'skip', reason: expect.stringContaining('rapid revalidate is off') });
  });

  test('force applies a syncds pass whatever is pending, but not a revalidate pass nor an unknown host', () => {
    expect(decide('syncds', [status()], 'edge-01', 'true', true)).toMatchObject({ action: 'apply', files: 'all' });
    expect(decide('revalidate', [status()], 'edge-01', 'true', true).action).toBe('skip');
    expect(decide('syncds', [], 'edge-01', 'true', true).action).toBe('skip');
  });

  test('an unknown host (an empty update_status) is never applied', () => {
    expect(decide('syncds', [], 'edge-09', 'reval')).toMatchObject({
      action: 'skip',
      reason: expect.stringContaining('edge-09'),
    });
  });

  test('the report clears the flag of the pass and sends the other back as it was', () => {
    expect(reportFor('syncds', status({ upd_pending: true, reval_pending: true }))).toEqual({
      updated: false,
      reval_updated: true,
    });
    expect(reportFor('revalidate', status({ upd_pending: true, reval_pending: true }))).toEqual({
      updated: true,
      reval_updated: false,
    });
  });
});

test('backoff doubles from 1 s up to the interval; dispersion stays inside its window', () => {
  expect([0, 1, 2, 3, 10].map((n) => backoffMs(n, 5000))).toEqual([1000, 2000, 4000, 5000, 5000]);
  expect(backoffMs(0, 10)).toBe(1000);
  expect(dispersionDelay(0, () => 0.9)).toBe(0);
  expect(dispersionDelay(300_000, () => 0.5)).toBe(150_000);
  expect(dispersionDelay(300_000, () => 0.999999)).toBeLessThan(300_000);
});

test('durations: 500ms, 60s, 15m, 1h and bare seconds; anything else is refused', () => {
  expect(['500ms', '60s', '15m', '1h', '2', '1.5s'].map(parseDuration)).toEqual([
    500, 60_000, 900_000, 3_600_000, 2000, 1500,
  ]);
  expect(['', 'm', '-1s', '5d', '1 m'].map(parseDuration)).toEqual([null, null, null, null, null]);
});

describe('diff', () => {
  test('only the generated header differing is no change; a missing file is new', () => {
    const onDisk = new Map<string, string | null>([
      ['a.config', '# DO NOT EDIT - Generated on 2026-01-01\nline\n'],
      ['b.config', 'old\n'],
      ['c.config', null],
    ]);
    const wanted = new Map([
      ['a.config', '# DO NOT EDIT - Generated on 2026-02-02\nline\n'],
      ['b.config', 'new\n'],
      ['c.config', 'x\n'],
    ]);
    expect(changedFiles(onDisk, wanted)).toEqual([
      { name: 'b.config', before: 'old\n', after: 'new\n' },
      { name: 'c.config', before: null, after: 'x\n' },
    ]);
    expect(significant('# DO NOT EDIT x\n# a comment\n')).toBe('# a comment\n');
  });

  test('the line diff shows removed and added lines', () => {
    expect(lineDiff({ name: 'remap.config', before: 'a\nb\nc\n', after: 'a\nB\nc\nd\n' })).toBe(
      '--- a/remap.config\n+++ b/remap.config\n-b\n+B\n+d\n',
    );
    expect(lineDiff({ name: 'new.config', before: null, after: 'x\n' })).toBe('--- /dev/null\n+++ b/new.config\n+x\n');
  });
});

test('validation refuses names that leave the directory, broken YAML and lines that are no rule or record', () => {
  const good = new Map([
    ['remap.config', '# header\nmap http://a/ http://b/\n\n'],
    ['records.config', 'CONFIG proxy.config.http.cache.http INT 1\n'],
    ['ip_allow.yaml', 'ip_allow:\n  - apply: in\n'],
    ['hdr_rw_x.config', 'anything\n'],
  ]);
  expect(validateFiles(good)).toEqual([]);
  const bad = new Map([
    ['../evil', 'x'],
    ['remap.config', 'mapp http://a/ http://b/\n'],
    ['records.config', 'proxy.config.x 1\n'],
    ['logging.yaml', 'logging: [\n'],
  ]);
  const problems = validateFiles(bad);
  expect(problems).toHaveLength(4);
  expect(problems[0]).toContain('not a plain file name');
  expect(problems[1]).toContain('remap.config has a line that is no remap rule: mapp');
  expect(problems[3]).toContain('logging.yaml is not valid YAML');
});
