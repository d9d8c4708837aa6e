import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../daemon/http/errors.js';
import { parseOriginQuery, type OriginQueryParams } from '../../../daemon/services/origins/query.js';

const refused = (query: OriginQueryParams) => {
  try {
    parseOriginQuery(query);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return { status: (err as ApiError).status, text: (err as ApiError).message };
  }
  throw new Error('expected the query to be refused');
};

describe('parseOriginQuery', () => {
  it('defaults to every origin ordered by id, no limit', () => {
    expect(parseOriginQuery({})).toEqual({
      filters: {},
      orderBy: 'id',
      descending: false,
      limit: -1,
      offset: 0,
      warnings: [],
    });
  });

  it('reads integer, string and boolean filters', () => {
    const q = parseOriginQuery({
      cachegroup: '1',
      coordinate: '2',
      deliveryservice: '3',
      id: '4',
      name: 'a b',
      profileId: '5',
      primary: 'TRUE',
      tenant: '6',
    });
    expect(q.filters).toEqual({
      cachegroup: 1,
      coordinate: 2,
      deliveryservice: 3,
      id: 4,
      name: 'a b',
      profileId: 5,
      primary: true,
      tenant: 6,
    });
    expect(parseOriginQuery({ primary: 'false' }).filters).toEqual({ primary: false });
  });

  it.each([
    [{ id: 'abc' }, 'id cannot parse to integer'],
    [{ deliveryservice: '1.5' }, 'deliveryservice cannot parse to integer'],
    [{ cachegroup: '' }, 'cachegroup cannot parse to integer'],
    [{ primary: 'yes' }, 'primary cannot parse to boolean'],
    [{ tenant: 'root' }, 'tenant cannot parse to integer'],
    [
      { coordinate: 'x', profileId: 'y', primary: 'z' },
      'coordinate cannot parse to integer, profileId cannot parse to integer, primary cannot parse to boolean',
    ],
  ] as [OriginQueryParams, string][])('refuses %j with 400 "%s"', (query, text) => {
    expect(refused(query)).toEqual({ status: 400, text });
  });

  it('orders by any filter key, descending on request', () => {
    expect(parseOriginQuery({ orderby: 'name', sortOrder: 'desc' })).toMatchObject({
      orderBy: 'name',
      descending: true,
      warnings: [],
    });
    expect(parseOriginQuery({ orderby: 'deliveryservice', sortOrder: 'asc' })).toMatchObject({
      orderBy: 'deliveryservice',
      descending: false,
    });
  });

  it('keeps the id order with a warning for an unknown orderby or sortOrder, as Traffic Ops ignored them', () => {
    const q = parseOriginQuery({ orderby: 'fqdn; DROP TABLE origins', sortOrder: 'sideways' });
    expect(q).toMatchObject({ orderBy: 'id', descending: false });
    expect(q.warnings).toEqual([
      "orderby 'fqdn; DROP TABLE origins' is not one of cachegroup, coordinate, deliveryservice, id, name, profileId, primary, tenant; ordered by id",
      'sortOrder must be asc or desc; ascending order used',
    ]);
  });

  it('pages with limit and offset or page', () => {
    expect(parseOriginQuery({ limit: '10' })).toMatchObject({ limit: 10, offset: 0 });
    expect(parseOriginQuery({ limit: '10', offset: '5' })).toMatchObject({ limit: 10, offset: 5 });
    expect(parseOriginQuery({ limit: '10', page: '3' })).toMatchObject({ limit: 10, offset: 20 });
    expect(parseOriginQuery({ limit: '0' })).toMatchObject({ limit: 0 });
    expect(parseOriginQuery({ limit: '-1', offset: '2' })).toMatchObject({ limit: -1, offset: 2 });
    expect(parseOriginQuery({ limit: '-1', page: '1' })).toMatchObject({ limit: -1, offset: 0 });
    expect(parseOriginQuery({ limit: '-1', page: '2' })).toMatchObject({ limit: 0, offset: 0 });
  });

  it('ignores offset and page without limit, with a warning', () => {
    expect(parseOriginQuery({ offset: '5', page: '2' })).toMatchObject({
      limit: -1,
      offset: 0,
      warnings: ['offset and page are ignored without limit'],
    });
  });

  it.each([
    [{ limit: '-2' }, 'limit parameter must be bigger than -1'],
    [{ limit: 'ten' }, 'limit parameter must be bigger than -1'],
    [{ limit: '10', offset: '0' }, 'offset parameter must be a positive integer'],
    [{ limit: '10', offset: '-3' }, 'offset parameter must be a positive integer'],
    [{ limit: '10', offset: 'x' }, 'offset parameter must be a positive integer'],
    [{ limit: '10', page: '0' }, 'page parameter must be a positive integer'],
    [{ limit: '10', page: 'two' }, 'page parameter must be a positive integer'],
  ] as [OriginQueryParams, string][])('refuses %j with 400 "%s"', (query, text) => {
    expect(refused(query)).toEqual({ status: 400, text });
  });

  it('reports filter errors before paging errors', () => {
    expect(refused({ id: 'x', limit: 'y' })).toEqual({ status: 400, text: 'id cannot parse to integer' });
  });
});
