import { DEFAULT_PAGE_SIZE, PAGE_SIZES, emptyGridState, type GridState } from './model';

// A grid's state as query parameters, so that a view can be shared: `q`, `sort` (`-` for descending), `f.<col>`,
// `page`, `size`, `cols`. A page with two grids gives each a prefix (`origins.q`, `jobs.sort`).

const key = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);

/** The grid state a query string holds; anything malformed falls back to the default. */
export function readGridState(search: string, prefix = ''): GridState {
  const params = new URLSearchParams(search);
  const state = emptyGridState();
  state.q = params.get(key(prefix, 'q')) ?? '';
  const sort = params.get(key(prefix, 'sort'));
  if (sort && /^-?[\w-]+$/.test(sort)) state.sort = { id: sort.replace(/^-/, ''), desc: sort.startsWith('-') };
  const filterPrefix = key(prefix, 'f.');
  for (const [name, value] of params) {
    if (name.startsWith(filterPrefix) && value !== '') state.filters[name.slice(filterPrefix.length)] = value;
  }
  const page = Number(params.get(key(prefix, 'page')));
  if (Number.isInteger(page) && page > 1) state.page = page;
  const size = Number(params.get(key(prefix, 'size')));
  if ((PAGE_SIZES as readonly number[]).includes(size)) state.size = size;
  const cols = params.get(key(prefix, 'cols'));
  if (cols) state.cols = cols.split(',').filter(Boolean);
  return state;
}

/** The query string with this grid's parameters replaced by `state` (defaults left out); other parameters kept. */
export function writeGridState(search: string, state: GridState, prefix = ''): string {
  const params = new URLSearchParams(search);
  const filterPrefix = key(prefix, 'f.');
  for (const name of [...params.keys()]) {
    if (name.startsWith(filterPrefix)) params.delete(name);
  }
  const set = (name: string, value: string | null) => {
    if (value === null || value === '') params.delete(key(prefix, name));
    else params.set(key(prefix, name), value);
  };
  set('q', state.q);
  set('sort', state.sort ? `${state.sort.desc ? '-' : ''}${state.sort.id}` : null);
  for (const [id, value] of Object.entries(state.filters)) {
    if (value !== '') params.set(`${filterPrefix}${id}`, value);
  }
  set('page', state.page > 1 ? String(state.page) : null);
  set('size', state.size !== DEFAULT_PAGE_SIZE ? String(state.size) : null);
  set('cols', state.cols ? state.cols.join(',') : null);
  return params.toString();
}
