import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../portal/src/grid/csv';
import {
  emptyGridState,
  filterOptions,
  filterRows,
  indexRows,
  pageOf,
  sortIndexed,
  sortRows,
  visibleColumns,
  type GridColumn,
} from '../../portal/src/grid/model';
import { readGridState, writeGridState } from '../../portal/src/grid/url-state';

interface Row {
  name: string;
  port: number | null;
  tenant: string | null;
  primary: boolean;
}

const COLUMNS: GridColumn<Row>[] = [
  { id: 'name', header: 'Name', value: (r) => r.name },
  { id: 'port', header: 'Port', value: (r) => r.port },
  { id: 'tenant', header: 'Tenant', value: (r) => r.tenant, filter: true },
  { id: 'primary', header: 'Primary', value: (r) => r.primary, hidden: true },
];

const ROWS: Row[] = [
  { name: 'beta', port: 8080, tenant: 'root', primary: true },
  { name: 'Alpha', port: 443, tenant: 'tenant-a', primary: false },
  { name: 'gamma', port: null, tenant: 'root', primary: false },
  { name: 'delta', port: 80, tenant: null, primary: false },
];
const names = (rows: Row[]) => rows.map((r) => r.name);

describe('grid model', () => {
  it('searches every column, all words, any case', () => {
    const index = indexRows(ROWS, COLUMNS);
    expect(names(filterRows(index, COLUMNS, { q: 'ALPHA', filters: {} }))).toEqual(['Alpha']);
    expect(names(filterRows(index, COLUMNS, { q: 'root 80', filters: {} }))).toEqual(['beta']);
    expect(names(filterRows(index, COLUMNS, { q: 'yes', filters: {} }))).toEqual(['beta']);
    expect(filterRows(index, COLUMNS, { q: '  ', filters: {} })).toBe(ROWS);
  });

  it('filters a column by its exact value and ignores unknown columns', () => {
    const index = indexRows(ROWS, COLUMNS);
    expect(names(filterRows(index, COLUMNS, { q: '', filters: { tenant: 'root' } }))).toEqual(['beta', 'gamma']);
    expect(names(filterRows(index, COLUMNS, { q: 'g', filters: { tenant: 'root' } }))).toEqual(['gamma']);
    expect(filterRows(index, COLUMNS, { q: '', filters: { nope: 'x' } })).toBe(ROWS);
  });

  it('sorts text without case and numbers as numbers, empty cells last both ways', () => {
    expect(names(sortRows(ROWS, COLUMNS, { id: 'name', desc: false }))).toEqual(['Alpha', 'beta', 'delta', 'gamma']);
    expect(names(sortRows(ROWS, COLUMNS, { id: 'port', desc: false }))).toEqual(['delta', 'Alpha', 'beta', 'gamma']);
    expect(names(sortRows(ROWS, COLUMNS, { id: 'port', desc: true }))).toEqual(['beta', 'Alpha', 'delta', 'gamma']);
    expect(names(sortRows(ROWS, COLUMNS, { id: 'tenant', desc: true }))).toEqual(['Alpha', 'beta', 'gamma', 'delta']);
    expect(sortRows(ROWS, COLUMNS, null)).toBe(ROWS);
  });

  it('keeps the incoming order of equal keys', () => {
    const same = [1, 2, 3, 4].map((n) => ({ name: `n${n}`, port: 1, tenant: 'root', primary: false }));
    expect(names(sortRows(same, COLUMNS, { id: 'port', desc: true }))).toEqual(['n1', 'n2', 'n3', 'n4']);
  });

  it('keeps each sort order in the index and sorts a filtered part with it', () => {
    const index = indexRows(ROWS, COLUMNS);
    const byPort = sortIndexed(index, ROWS, COLUMNS, { id: 'port', desc: true });
    expect(names(byPort)).toEqual(names(sortRows(ROWS, COLUMNS, { id: 'port', desc: true })));
    expect([...index.orders.keys()]).toEqual(['-port']);
    const rootOnly = filterRows(index, COLUMNS, { q: '', filters: { tenant: 'root' } });
    expect(names(sortIndexed(index, rootOnly, COLUMNS, { id: 'port', desc: true }))).toEqual(['beta', 'gamma']);
    expect(names(sortIndexed(index, rootOnly, COLUMNS, { id: 'name', desc: false }))).toEqual(['beta', 'gamma']);
    expect([...index.orders.keys()]).toEqual(['-port', 'name']);
    expect(sortIndexed(index, rootOnly, COLUMNS, null)).toBe(rootOnly);
  });

  it('pages and clamps the page asked for', () => {
    const many = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(many, 3, 50)).toEqual({ rows: many.slice(100), page: 3, pages: 3 });
    expect(pageOf(many, 9, 50).page).toBe(3);
    expect(pageOf([], 2, 50)).toEqual({ rows: [], page: 1, pages: 1 });
  });

  it("shows the default columns or the chosen ones in the grid's order", () => {
    expect(visibleColumns(COLUMNS, null).map((c) => c.id)).toEqual(['name', 'port', 'tenant']);
    expect(visibleColumns(COLUMNS, ['primary', 'name', 'bogus']).map((c) => c.id)).toEqual(['primary', 'name']);
    expect(visibleColumns(COLUMNS, ['bogus']).map((c) => c.id)).toEqual(['name', 'port', 'tenant']);
  });

  it('offers the distinct values of a filterable column', () => {
    expect(filterOptions(ROWS, COLUMNS[2])).toEqual(['root', 'tenant-a']);
  });

  it('sorts and searches 10,000 rows well inside a frame budget', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      name: `origin-${(i * 7919) % 10_000}`,
      port: i % 500,
      tenant: `t${i % 7}`,
      primary: i % 9 === 0,
    }));
    const index = indexRows(rows, COLUMNS);
    const start = performance.now();
    const sorted = sortRows(rows, COLUMNS, { id: 'name', desc: true });
    const found = filterRows(index, COLUMNS, { q: 'origin-42', filters: { tenant: 't3' } });
    const ms = performance.now() - start;
    expect(sorted[0].name).toBe('origin-9999');
    expect(found.every((r) => r.name.includes('origin-42') && r.tenant === 't3')).toBe(true);
    expect(ms).toBeLessThan(200);
  });
});

describe('grid state in the URL', () => {
  it('writes only what differs from the default and reads it back', () => {
    const state = {
      ...emptyGridState(),
      q: 'acme vod',
      sort: { id: 'port', desc: true },
      filters: { tenant: 'root' },
      page: 3,
      size: 100,
      cols: ['name', 'port'],
    };
    const search = writeGridState('', state);
    expect(search).toBe('q=acme+vod&sort=-port&f.tenant=root&page=3&size=100&cols=name%2Cport');
    expect(readGridState(search)).toEqual(state);
    expect(writeGridState('q=x&f.tenant=root', emptyGridState())).toBe('');
  });

  it("keeps other parameters and other grids' prefixes apart", () => {
    const search = writeGridState(
      'ds=2&jobs.q=old',
      { ...emptyGridState(), q: 'new', filters: { state: 'active' } },
      'origins',
    );
    expect(search).toBe('ds=2&jobs.q=old&origins.q=new&origins.f.state=active');
    expect(readGridState(search, 'jobs').q).toBe('old');
    expect(readGridState(search, 'origins').filters).toEqual({ state: 'active' });
    expect(readGridState(search).q).toBe('');
  });

  it('falls back to the default on malformed values', () => {
    expect(readGridState('page=-2&size=7&sort=a%20b')).toEqual(emptyGridState());
  });
});

describe('CSV export', () => {
  it('quotes what needs quoting and writes a header line', () => {
    const rows: Row[] = [{ name: 'a,"b"', port: 80, tenant: null, primary: true }];
    expect(toCsv(rows, COLUMNS)).toBe('Name,Port,Tenant,Primary\r\n"a,""b""",80,,yes\r\n');
  });

  it('keeps formula-looking text as text, numbers as numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('-5')).toBe('-5');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  });
});
