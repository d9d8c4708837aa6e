import { describe, expect, it } from 'vitest';
import { cellText } from '../../../cli/output/format.js';
import { fitWidths, renderTextTable as renderTable, truncate } from '../../../cli/output/table.js';

describe('table layout', () => {
  const headers = ['ID', 'NAME', 'DESCRIPTION'];
  const cells = [
    ['1', 'alpha', 'a rather long description of the first thing'],
    ['22', 'beta-with-a-long-name', 'short'],
  ];

  it('keeps natural widths when the table fits', () => {
    expect(fitWidths(headers, cells, 200)).toEqual([2, 21, 44]);
  });

  it('shrinks the widest columns first until the table fits the width', () => {
    const widths = fitWidths(headers, cells, 50);
    expect(widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1)).toBe(50);
    expect(widths[0]).toBe(2);
    for (const line of renderTable(headers, cells, 50)) expect(line.length).toBeLessThanOrEqual(50);
  });

  it('never shrinks a column below its header or 5 characters, even when the table cannot fit', () => {
    const widths = fitWidths(headers, cells, 10);
    expect(widths).toEqual([2, 5, 11]);
  });

  it('marks cut cells with an ellipsis and pads every column but the last', () => {
    expect(truncate('abcdefgh', 5)).toBe('abcd…');
    expect(truncate('abc', 5)).toBe('abc');
    const lines = renderTable(['A', 'B'], [['x', 'yy']], Infinity, (line) => `<${line}>`);
    expect(lines).toEqual(['<A  B>', 'x  yy']);
  });

  it('shows null as empty, arrays joined by commas, and no line breaks inside a cell', () => {
    expect([cellText(null), cellText(undefined), cellText(['ds1', 'ds2']), cellText(false), cellText('a\nb')]).toEqual([
      '',
      '',
      'ds1,ds2',
      'false',
      'a b',
    ]);
  });
});
