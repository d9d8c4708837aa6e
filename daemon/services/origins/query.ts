import { badRequest } from '../errors.js';
import { parseBooleanParam, toInteger } from '../params.js';
import type { OriginFilterKey, OriginListQuery } from '../../store/origins.js';

/** How each GET origins filter reads its value (BEHAVIOR.md §6); the same keys are the orderby columns. */
export const ORIGIN_FILTERS: Readonly<Record<OriginFilterKey, 'integer' | 'string' | 'boolean'>> = {
  cachegroup: 'integer',
  coordinate: 'integer',
  deliveryservice: 'integer',
  id: 'integer',
  name: 'string',
  profileId: 'integer',
  primary: 'boolean',
  tenant: 'integer',
};
const FILTER_KEYS = Object.keys(ORIGIN_FILTERS) as OriginFilterKey[];
const isFilterKey = (key: string): key is OriginFilterKey => Object.hasOwn(ORIGIN_FILTERS, key);

/** The query keys GET origins reads. */
export const ORIGIN_QUERY_KEYS = [...FILTER_KEYS, 'orderby', 'sortOrder', 'limit', 'offset', 'page'] as const;
export type OriginQueryParams = Partial<Record<(typeof ORIGIN_QUERY_KEYS)[number], string>>;

/** A parsed query, and warnings for the parameters Traffic Ops would silently ignore. */
export type ParsedOriginQuery = Omit<OriginListQuery, 'visibleTenantIds'> & { warnings: string[] };

/**
 * Reads GET origins' query as Traffic Ops did: filters (all errors reported together), `orderby` over the
 * filter keys with `sortOrder` asc|desc, and `limit` with `offset` or `page`. Where Traffic Ops ignored a
 * parameter (unknown orderby, odd sortOrder, offset or page without limit) the answer is the same but carries a
 * warning, so a typo does not pass unnoticed. Throws 400 on a value that cannot be read.
 */
export function parseOriginQuery(query: OriginQueryParams): ParsedOriginQuery {
  const warnings: string[] = [];
  const filters = readFilters(query);

  let orderBy: OriginFilterKey = 'id';
  if (query.orderby !== undefined) {
    if (isFilterKey(query.orderby)) orderBy = query.orderby;
    else warnings.push(`orderby '${query.orderby}' is not one of ${FILTER_KEYS.join(', ')}; ordered by id`);
  }
  let descending = false;
  if (query.sortOrder === 'desc') descending = true;
  else if (query.sortOrder !== undefined && query.sortOrder !== 'asc') {
    warnings.push(`sortOrder must be asc or desc; ascending order used`);
  }

  const { limit, offset } = readPaging(query, warnings);
  return { filters, orderBy, descending, limit, offset, warnings };
}

function readFilters(query: OriginQueryParams): OriginListQuery['filters'] {
  const filters: OriginListQuery['filters'] = {};
  const errors: string[] = [];
  for (const key of FILTER_KEYS) {
    const text = query[key];
    if (text === undefined) continue;
    const kind = ORIGIN_FILTERS[key];
    if (kind === 'string') {
      filters[key] = text;
    } else if (kind === 'integer') {
      const n = toInteger(text);
      if (n === null) errors.push(`${key} cannot parse to integer`);
      else filters[key] = n;
    } else {
      try {
        filters[key] = parseBooleanParam(text, key);
      } catch {
        errors.push(`${key} cannot parse to boolean`);
      }
    }
  }
  if (errors.length > 0) throw badRequest(errors.join(', '));
  return filters;
}

/** `limit` (-1: none); `offset` or `page` count only with a limit, as in Traffic Ops. */
function readPaging(query: OriginQueryParams, warnings: string[]): { limit: number; offset: number } {
  if (query.limit === undefined) {
    if (query.offset !== undefined || query.page !== undefined)
      warnings.push('offset and page are ignored without limit');
    return { limit: -1, offset: 0 };
  }
  const limit = toInteger(query.limit);
  if (limit === null || limit < -1) throw badRequest('limit parameter must be bigger than -1');
  if (query.offset !== undefined) {
    const offset = toInteger(query.offset);
    if (offset === null || offset < 1) throw badRequest('offset parameter must be a positive integer');
    return { limit, offset };
  }
  if (query.page !== undefined) {
    const page = toInteger(query.page);
    if (page === null || page < 1) throw badRequest('page parameter must be a positive integer');
    // Without a limit everything is on page 1.
    if (limit === -1) return { limit: page === 1 ? -1 : 0, offset: 0 };
    return { limit, offset: (page - 1) * limit };
  }
  return { limit, offset: 0 };
}
