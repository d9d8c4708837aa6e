// The real cdnctl ui in a real 80×24 terminal (tmux) against a real daemon: the origins table fits, long names
// stay apart, and keys typed together all count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInUi, type Terminal } from '../helpers/tmux.js';
import { useCliDaemon } from '../../../helpers/cli-daemon.js';

const { daemon, cli } = useCliDaemon({ login: 'admin' });
let terminal: Terminal | undefined;

beforeAll(async () => {
  for (const n of [1, 2]) {
    const made = await cli.run([
      'origins',
      'create',
      '--name',
      `acme-news-europe-origin-${n}`,
      '--fqdn',
      `origin-${n}.news.eu.acme-media.example.net`,
      '--protocol',
      'https',
      '--ds',
      'ds3',
      '--port',
      '8443',
    ]);
    if (made.code !== 0) throw new Error(made.stderr);
  }
}, 60_000);
afterAll(() => terminal?.close());

describe('cdnctl ui at 80×24', () => {
  it('the origins table fits 80 columns and 24 rows with long names kept apart; jjjj moves four rows', async () => {
    terminal = await openSignedInUi(daemon, 80, 24);
    const t = terminal;
    t.type('/origins');
    await t.waitFor('› Origins');
    t.press('Enter');
    const screen = await t.waitFor(/acme-news-europe-origin-2|acme.*-2\s/);
    const lines = screen.replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(24);
    for (const line of lines) expect(line.trimEnd().length).toBeLessThanOrEqual(80);
    const rows = lines.filter((l) => /acme/.test(l));
    expect(rows).toHaveLength(2);
    const names = rows.map(
      (row) =>
        row
          .replace(/^[›\s]+/, '')
          .trim()
          .split(/\s{2,}/)[1],
    );
    expect(names[0]).toMatch(/-1$/);
    expect(names[1]).toMatch(/-2$/);
    const fqdns = rows.map(
      (row) =>
        row
          .replace(/^[›\s]+/, '')
          .trim()
          .split(/\s{2,}/)[3],
    );
    expect(new Set(fqdns).size).toBe(2);
    // Six origins; the cursor starts on the first row and four keys in one write land on the fifth.
    t.type('jjjj');
    const moved = await t.waitFor(/^›\s+5\s/m);
    const all = moved.split('\n').filter((l) => /^[› ] +\d+ /.test(l));
    expect(all.findIndex((l) => l.startsWith('›'))).toBe(4);
    t.type('q');
    await t.waitFor('EXIT=0');
  });
});
