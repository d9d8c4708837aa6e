import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A CDN. */
export interface Cdn {
  id: number;
  name: string;
  domainName: string;
  dnssecEnabled: boolean;
  lastUpdated: string;
}

/** GET cdns, optionally `?name=`. */
export function listCdns(http: HttpClient, query: { name?: string } = {}): Promise<ApiResult<Cdn[]>> {
  return http.get('/cdns', query);
}
