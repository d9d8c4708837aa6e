import { describe, expect, it } from 'vitest';
import { renderRegexRevalidate } from '../../../daemon/services/jobs/regex-revalidate.js';
import { REVALIDATE_LINE_MAX_BYTES } from '../../../shared/rules/purge/revalidate-line.js';

/**
 * Issue 32, finding 3: the renderer never writes a line regex_revalidate cannot read whole (a job stored before
 * the API refused such jobs, or imported); it leaves the job out and says so in `warnings`.
 */
const NOW = Date.parse('2026-11-21T12:00:00Z');
const END = NOW + 3600_000;
const EXPIRY = String(END / 1000);
const PREFIX = 'http://o.example.test/';

/** An asset URL whose line, newline included, is `bytes` long, padded with `filler`. */
function urlForLine(bytes: number, filler: string): string {
  const room = bytes - PREFIX.length - 1 - EXPIRY.length - 1;
  const per = new TextEncoder().encode(filler).length;
  const url = PREFIX + filler.repeat(Math.floor(room / per)) + 'a'.repeat(room % per);
  expect(new TextEncoder().encode(`${url} ${EXPIRY}\n`).length).toBe(bytes);
  return url;
}
const render = (urls: string[]) =>
  renderRegexRevalidate(
    urls.map((assetUrl) => ({ assetUrl, startTime: NOW, ttlHours: 1 })),
    NOW,
    90,
    'cdn1',
    '1.2.3',
  );
const bodyLines = (text: string) => text.split('\n').slice(1, -1);

describe('renderRegexRevalidate and the plugin line buffer', () => {
  it('writes a line that exactly fills the buffer, with no warning', () => {
    const url = urlForLine(REVALIDATE_LINE_MAX_BYTES, 'a');
    const { text, warnings } = render([url]);
    expect(bodyLines(text)).toEqual([`${url} ${EXPIRY}`]);
    expect(warnings).toEqual([]);
  });

  it.each([
    ['ASCII', 'a'],
    ['two-byte characters', '\u00e9'],
    ['three-byte characters', '\u20ac'],
  ])('leaves out a line one byte too long (%s) with a warning, keeping the others', (_, filler) => {
    const long = urlForLine(REVALIDATE_LINE_MAX_BYTES + 1, filler);
    const { text, warnings } = render([long, 'http://o.example.test/short']);
    expect(bodyLines(text)).toEqual([`http://o.example.test/short ${EXPIRY}`]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${REVALIDATE_LINE_MAX_BYTES + 1} bytes`);
    expect(warnings[0]).toContain(`(${REVALIDATE_LINE_MAX_BYTES})`);
  });

  it('never writes a line longer than the buffer, whatever the jobs', () => {
    const urls = [1000, 2046, 2047, 2048, 2049, 4096].map((n) => urlForLine(n, 'b'));
    const { text, warnings } = render(urls);
    for (const line of text.split('\n')) {
      expect(new TextEncoder().encode(`${line}\n`).length).toBeLessThanOrEqual(REVALIDATE_LINE_MAX_BYTES);
    }
    expect(bodyLines(text)).toHaveLength(3);
    expect(warnings).toHaveLength(3);
  });
});
