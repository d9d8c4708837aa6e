import { Invalid } from '../errors.js';
import { toInteger } from '../params.js';
import type { Filter } from './resources.js';

type Query = Record<string, string | undefined>;

/**
 * Traffic Ops' generic list query (traffic-ops-1.x-behavior.md §1.4) over records already in their default order:
 * every filter key present narrows by equality (integer keys that do not parse: 400 `<key> cannot parse to
 * integer`, all failures together); `orderby` one of the filter keys (else ignored), `sortOrder=desc`; `limit`
 * with `offset` or `page`.
 */
export function queryRecords<R>(records: readonly R[], filters: Readonly<Record<string, Filter>>, query: Query): R[] {
  const errors: string[] = [];
  const tests: ((r: R) => boolean)[] = [];
  for (const [key, filter] of Object.entries(filters)) {
    const text = query[key];
    if (text === undefined) continue;
    if (filter.kind === 'integer') {
      const n = toInteger(text);
      if (n === null) errors.push(`${key} cannot parse to integer`);
      else tests.push((r) => (r as Record<string, unknown>)[filter.field] === n);
    } else {
      tests.push((r) => (r as Record<string, unknown>)[filter.field] === text);
    }
  }
  if (errors.length > 0) throw new Invalid(errors.join(', '));
  const kept = records.filter((r) => tests.every((test) => test(r)));
  const ordered = order(kept, filters, query);
  return page(ordered, query);
}

function order<R>(records: R[], filters: Readonly<Record<string, Filter>>, query: Query): R[] {
  const by = query.orderby === undefined ? undefined : filters[query.orderby];
  if (!by || !Object.hasOwn(filters, query.orderby ?? '')) return records;
  const value = (r: R) => (r as Record<string, unknown>)[by.field] as string | number | null;
  const sorted = [...records].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === y) return 0;
    if (x === null) return -1;
    if (y === null) return 1;
    return x < y ? -1 : 1;
  });
  return query.sortOrder === 'desc' ? sorted.reverse() : sorted;
}

function page<R>(records: R[], query: Query): R[] {
  if (query.limit === undefined) return records;
  const limit = toInteger(query.limit);
  if (limit === null || limit < -1) throw new Invalid('limit parameter must be bigger than -1');
  let offset = 0;
  if (query.offset !== undefined) {
    const n = toInteger(query.offset);
    if (n === null || n < 1) throw new Invalid('offset parameter must be a positive integer');
    offset = n;
  } else if (query.page !== undefined) {
    const n = toInteger(query.page);
    if (n === null || n < 1) throw new Invalid('page parameter must be a positive integer');
    offset = limit === -1 ? 0 : (n - 1) * limit;
  }
  return limit === -1 ? records.slice(offset) : records.slice(offset, offset + limit);
}
