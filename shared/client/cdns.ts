import type { CdnRecord } from '../contract/catalog.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A CDN. */
export type Cdn = CdnRecord;

/** GET cdns, optionally `?name=`. */
export function listCdns(http: HttpClient, query: { name?: string } = {}): Promise<ApiResult<Cdn[]>> {
  return http.get('/cdns', query);
}

/** The body of POST and PUT cdns. */
export interface CdnBody {
  name: string;
  domainName: string;
  dnssecEnabled: boolean;
}

/** POST cdns. */
export function createCdn(http: HttpClient, body: CdnBody): Promise<ApiResult<Cdn>> {
  return http.post('/cdns', body);
}

/** PUT cdns/:id. */
export function updateCdn(http: HttpClient, id: number, body: CdnBody): Promise<ApiResult<Cdn>> {
  return http.put(`/cdns/${id}`, body);
}

/** DELETE cdns/:id. */
export function deleteCdn(http: HttpClient, id: number): Promise<ApiResult<undefined>> {
  return http.delete(`/cdns/${id}`);
}
