import type { CdnRecord } from '../contract/catalog.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A CDN. */
export type Cdn = CdnRecord;

/** GET cdns, optionally `?name=`. */
export function listCdns(http: HttpClient, query: { name?: string } = {}): Promise<ApiResult<Cdn[]>> {
  return http.get('/cdns', query);
}
