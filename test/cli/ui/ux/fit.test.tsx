import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { OriginsList } from '../../../../cli/ui/screens/origins/OriginsList.js';
import { distinctSplit, fitColumns, renderTable, truncateMiddle, type Column } from '../../../../cli/output/table.js';
import { origin } from '../helpers/fixtures.js';

afterEach(cleanup);

const long = [
  origin({
    id: 17,
    name: 'acme-news-europe-origin-1',
    fqdn: 'origin-1.news.eu.acme-media.example.net',
    deliveryService: 'acme-news-europe-images',
  }),
  origin({
    id: 18,
    name: 'acme-news-europe-origin-2',
    fqdn: 'origin-2.news.eu.acme-media.example.net',
    deliveryService: 'acme-news-europe-images',
  }),
];

describe('tables at 80 columns', () => {
  it('long origin names stay distinguishable, nothing passes 80 columns, and empty columns take no space', () => {
    const view = render(
      <OriginsList origins={long} filters={{}} width={80} isActive onOpen={vi.fn()} onBack={vi.fn()} onKey={vi.fn()} />,
    );
    const lines = (view.lastFrame() ?? '').split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    const header = lines.find((l) => l.includes('Name'))!;
    // Port, tenant... are filled; the cache group is empty in every row: no column for it.
    expect(header).not.toContain('Cache group');
    const rows = lines.filter((l) => /\b1[78]\b/.test(l));
    expect(rows).toHaveLength(2);
    const names = rows.map((row) => row.trim().split(/\s{2,}/)[1]);
    expect(names[0]).not.toBe(names[1]);
    // The name is the most important column: whole here, or cut in the middle, never to a shared prefix.
    expect(names[0]).toMatch(/^acme-.*-1$/);
    expect(names[1]).toMatch(/^acme-.*-2$/);
    // The FQDNs, less important, are cut in the middle and still differ.
    const fqdns = rows.map((row) => row.trim().split(/\s{2,}/)[3]);
    expect(fqdns[0]).toContain('…');
    expect(fqdns[0]).not.toBe(fqdns[1]);
  });

  it('the least important column shrinks first, and is dropped first; names keep 12 characters', () => {
    const rows = [{ a: 'a'.repeat(20), b: 'b'.repeat(20), c: 'c'.repeat(20) }];
    const columns: Column<(typeof rows)[0]>[] = [
      { header: 'A', value: (r) => r.a, minWidth: 8, priority: 3, ellipsis: 'middle' },
      { header: 'B', value: (r) => r.b, minWidth: 8, priority: 1, ellipsis: 'middle' },
      { header: 'C', value: (r) => r.c, minWidth: 8, priority: 2, ellipsis: 'middle' },
    ];
    // 64 = 20 + 20 + 20 + 4: fits; 54: A (least important) gives 8, down to 12, and C the other 2.
    expect(fitColumns(columns, rows, 64)).toEqual([20, 20, 20]);
    expect(fitColumns(columns, rows, 54)).toEqual([12, 20, 18]);
    // A at its minimum (12, not minWidth 8: `acm…es` says nothing): C gives next, then B.
    expect(fitColumns(columns, rows, 46)).toEqual([12, 18, 12]);
    // Not even the minimums fit: A goes first, not the rightmost column.
    expect(fitColumns(columns, rows, 30)).toEqual([0, 16, 12]);
    expect(renderTable(columns, rows, 30).header).toBe(`B${' '.repeat(17)}C`);
  });

  it('at 80 columns a status or a time is never cut: the least important such column is dropped instead', () => {
    const rows = [{ name: 'acme-news-images', status: 'PENDING', when: '2026-11-26 12:03:15', user: 'operator-1' }];
    const columns: Column<(typeof rows)[0]>[] = [
      { header: 'Name', value: (r) => r.name, priority: 1, ellipsis: 'middle' },
      { header: 'Status', value: (r) => r.status, priority: 2 },
      { header: 'When', value: (r) => r.when, priority: 3 },
      { header: 'User', value: (r) => r.user, priority: 4 },
    ];
    // 16 + 7 + 19 + 10 + 6 = 58: all whole. At 40 the user goes, at 30 the time: nothing reads PENDI… or acm…es.
    expect(renderTable(columns, rows, 58).lines[0]).toBe('acme-news-images  PENDING  2026-11-26 12:03:15  operator-1');
    expect(renderTable(columns, rows, 46).lines[0]).toBe('acme-news-images  PENDING  2026-11-26 12:03:15');
    expect(renderTable(columns, rows, 30).lines[0]).toBe('acme-news-images  PENDING');
    // The name is not cut to keep the status: a lesser column goes before a more important one is cut.
    expect(renderTable(columns, rows, 22).lines[0]).toBe('acme-news-images');
    expect(renderTable(columns, rows, 14).lines[0]).toBe('acme-ne…images');
  });

  it('a column empty in every row takes no space; with no rows at all every header stays', () => {
    const rows = [{ a: 'x', b: '' }];
    const columns: Column<(typeof rows)[0]>[] = [
      { header: 'A', value: (r) => r.a },
      { header: 'Empty', value: (r) => r.b },
    ];
    expect(fitColumns(columns, rows, 80)).toEqual([1, 0]);
    expect(fitColumns(columns, [], 80)).toEqual([1, 5]);
  });

  it('a middle ellipsis keeps both ends', () => {
    expect(truncateMiddle('acme-news-origin-2', 12)).toBe('acme-n…gin-2');
    expect(truncateMiddle('short', 12)).toBe('short');
    expect(truncateMiddle('abcdefgh', 3)).toBe('ab…');
    // Cut in the middle, these two would look alike: the split moves until they differ.
    const values = ['origin-1.news.eu.acme-media.example.net', 'origin-2.news.eu.acme-media.example.net'];
    const head = distinctSplit(values, 10);
    expect(head).toBeGreaterThanOrEqual(8);
    expect(renderTable([{ header: 'FQDN', value: (v: string) => v, ellipsis: 'middle' }], values, 10).lines).toEqual([
      'origin-1…t',
      'origin-2…t',
    ]);
  });
});
