import { describe, expect, it } from 'vitest';
import { byteOrder, renderRegexRevalidate } from '../../../daemon/services/jobs/regex-revalidate.js';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const HEADER = '# DO NOT EDIT - Generated for CDN cdn1 by cdnctl 1.2.3 on 2026-11-21T12:00:00Z';
const seconds = (ms: number) => Math.floor(ms / 1000);
const render = (jobs: { assetUrl: string; startTime: number; ttlHours: number }[], maxDays = 90) =>
  renderRegexRevalidate(jobs, NOW, maxDays, 'cdn1', '1.2.3').text;
const linesOf = (text: string) => text.split('\n').slice(1, -1);

describe('renderRegexRevalidate', () => {
  it('writes only the header line, newline-terminated, when no job is active', () => {
    expect(render([])).toBe(`${HEADER}\n`);
  });

  it('writes one line per job: the asset URL and its end as Unix seconds', () => {
    const text = render([{ assetUrl: 'http://o.example.test/a/.*', startTime: NOW - HOUR, ttlHours: 24 }]);
    expect(text).toBe(`${HEADER}\nhttp://o.example.test/a/.* ${seconds(NOW + 23 * HOUR)}\n`);
  });

  it('writes the end as whole seconds, rounded down', () => {
    const text = render([{ assetUrl: 'http://o/a', startTime: NOW + 1999, ttlHours: 1 }]);
    expect(linesOf(text)).toEqual([`http://o/a ${seconds(NOW + HOUR) + 1}`]);
  });

  it('skips jobs that have ended, including one ending exactly now', () => {
    const text = render([
      { assetUrl: 'http://o/ended', startTime: NOW - 25 * HOUR, ttlHours: 24 },
      { assetUrl: 'http://o/ends-now', startTime: NOW - 24 * HOUR, ttlHours: 24 },
      { assetUrl: 'http://o/live', startTime: NOW - 23 * HOUR, ttlHours: 24 },
    ]);
    expect(linesOf(text)).toEqual([`http://o/live ${seconds(NOW + HOUR)}`]);
  });

  it('keeps jobs that start in the future', () => {
    const text = render([{ assetUrl: 'http://o/later', startTime: NOW + DAY, ttlHours: 2 }]);
    expect(linesOf(text)).toEqual([`http://o/later ${seconds(NOW + DAY + 2 * HOUR)}`]);
  });

  it('skips jobs that started longer ago than maxRevalDurationDays, even with a TTL still running', () => {
    const text = render(
      [
        { assetUrl: 'http://o/too-old', startTime: NOW - 10 * DAY - 1, ttlHours: 1000 },
        { assetUrl: 'http://o/just-in', startTime: NOW - 10 * DAY + HOUR, ttlHours: 1000 },
      ],
      10,
    );
    // just-in: its 1000 h are clamped to 10 days, so it ends an hour from now.
    expect(linesOf(text)).toEqual([`http://o/just-in ${seconds(NOW + HOUR)}`]);
  });

  it('clamps the TTL to [1 h, maxRevalDurationDays × 24 h]', () => {
    const text = render(
      [
        { assetUrl: 'http://o/zero', startTime: NOW, ttlHours: 0 },
        { assetUrl: 'http://o/negative', startTime: NOW, ttlHours: -5 },
        { assetUrl: 'http://o/huge', startTime: NOW, ttlHours: 100_000 },
      ],
      2,
    );
    expect(linesOf(text)).toEqual([
      `http://o/huge ${seconds(NOW + 2 * DAY)}`,
      `http://o/negative ${seconds(NOW + HOUR)}`,
      `http://o/zero ${seconds(NOW + HOUR)}`,
    ]);
  });

  it('writes one line per asset URL, keeping the latest end', () => {
    const text = render([
      { assetUrl: 'http://o/a', startTime: NOW - HOUR, ttlHours: 48 },
      { assetUrl: 'http://o/a', startTime: NOW, ttlHours: 24 },
      { assetUrl: 'http://o/a', startTime: NOW - 2 * HOUR, ttlHours: 3 },
    ]);
    expect(linesOf(text)).toEqual([`http://o/a ${seconds(NOW + 47 * HOUR)}`]);
  });

  it('keeps a live duplicate when an earlier job for the URL has ended', () => {
    const text = render([
      { assetUrl: 'http://o/a', startTime: NOW - 30 * HOUR, ttlHours: 24 },
      { assetUrl: 'http://o/a', startTime: NOW, ttlHours: 5 },
    ]);
    expect(linesOf(text)).toEqual([`http://o/a ${seconds(NOW + 5 * HOUR)}`]);
  });

  it('sorts lines by the asset URL in byte order, whatever order the jobs come in', () => {
    const urls = [
      'http://o/b',
      'http://o/B',
      'http://o/a',
      'http://o/\u00e9',
      'http://o/\uff21',
      'http://o/\u{1f600}',
      'http://o/_',
    ];
    const jobs = urls.map((assetUrl) => ({ assetUrl, startTime: NOW, ttlHours: 1 }));
    const sorted = linesOf(render(jobs)).map((line) => line.split(' ')[0]);
    // Byte order of UTF-8: 'B' < '_' < 'a' < 'b' < U+00E9 < U+FF21 < U+1F600 (UTF-16 order would put U+1F600 first).
    expect(sorted).toEqual([
      'http://o/B',
      'http://o/_',
      'http://o/a',
      'http://o/b',
      'http://o/\u00e9',
      'http://o/\uff21',
      'http://o/\u{1f600}',
    ]);
    expect(render([...jobs].reverse())).toBe(render(jobs));
  });

  it('leaves out a stored URL holding whitespace, which would break the two-field line', () => {
    const text = render([
      { assetUrl: 'http://o/a b', startTime: NOW, ttlHours: 1 },
      { assetUrl: 'http://o/c\nd', startTime: NOW, ttlHours: 1 },
      { assetUrl: 'http://o/ok', startTime: NOW, ttlHours: 1 },
    ]);
    expect(linesOf(text)).toEqual([`http://o/ok ${seconds(NOW + HOUR)}`]);
  });

  it('names the CDN, the version and the generation time in the header', () => {
    const text = renderRegexRevalidate([], Date.parse('2027-01-02T03:04:05.678Z'), 90, 'edge-cdn', '0.9.0').text;
    expect(text).toBe('# DO NOT EDIT - Generated for CDN edge-cdn by cdnctl 0.9.0 on 2027-01-02T03:04:05Z\n');
  });
});

describe('byteOrder', () => {
  it('orders any strings as Buffer.compare orders their UTF-8 bytes', () => {
    const alphabet = [
      'a',
      'B',
      '/',
      '~',
      '\u00e9',
      '\u07ff',
      '\u0800',
      '\ud7ff',
      '\ue000',
      '\uffff',
      '\u{10000}',
      '\u{1f600}',
      '\u{10ffff}',
    ];
    const strings: string[] = [''];
    for (const x of alphabet) for (const y of ['', ...alphabet]) strings.push(x + y);
    for (const a of strings) {
      for (const b of strings) {
        expect(Math.sign(byteOrder(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
          Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))),
        );
      }
    }
  });
});
