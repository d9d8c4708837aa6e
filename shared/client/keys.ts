import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';
import type { CertificateSummary, KeySummary, SslKeys, UriSigningKeyset, UrlSigKeys } from '../contract/keys.js';

export type { SslKeys, UriSigningKeyset, UrlSigKeys };

/** One certificate of GET keys/summary: no key material. */
export type SslSummary = CertificateSummary;
export type { KeySummary };

const ds = (xmlId: string) => encodeURIComponent(xmlId);

/** POST deliveryservices/xmlId/:xmlId/urlkeys/generate. */
export const generateUrlKeys = (http: HttpClient, xmlId: string): Promise<ApiResult<undefined>> =>
  http.post(`/deliveryservices/xmlId/${ds(xmlId)}/urlkeys/generate`);

/** GET deliveryservices/xmlId/:xmlId/urlkeys. */
export const getUrlKeys = (http: HttpClient, xmlId: string): Promise<ApiResult<UrlSigKeys>> =>
  http.get(`/deliveryservices/xmlId/${ds(xmlId)}/urlkeys`);

/** POST deliveryservices/xmlId/:xmlId/urlkeys/copyFromXmlId/:from. */
export const copyUrlKeys = (http: HttpClient, xmlId: string, from: string): Promise<ApiResult<undefined>> =>
  http.post(`/deliveryservices/xmlId/${ds(xmlId)}/urlkeys/copyFromXmlId/${ds(from)}`);

/** GET deliveryservices/:xmlId/urisignkeys (1.3): the raw key set, in `body`. */
export const getUriKeys = (http: HttpClient, xmlId: string): Promise<ApiResult<unknown>> =>
  http.get(`/deliveryservices/${ds(xmlId)}/urisignkeys`);

/** PUT deliveryservices/:xmlId/urisignkeys (1.3). */
export const setUriKeys = (http: HttpClient, xmlId: string, keyset: unknown): Promise<ApiResult<unknown>> =>
  http.put(`/deliveryservices/${ds(xmlId)}/urisignkeys`, keyset);

/** GET deliveryservices/xmlId/:xmlId/sslkeys?decode=1 (`{}` when none). */
export const getSslKeys = (
  http: HttpClient,
  xmlId: string,
  version?: number,
): Promise<ApiResult<SslKeys | Record<string, never>>> =>
  http.get(`/deliveryservices/xmlId/${ds(xmlId)}/sslkeys`, { decode: 1, version });

/** POST deliveryservices/sslkeys/add or /generate. */
export const postSslKeys = (
  http: HttpClient,
  verb: 'add' | 'generate',
  body: Record<string, unknown>,
): Promise<ApiResult<string>> => http.post(`/deliveryservices/sslkeys/${verb}`, body);

/** GET keys/summary (cdnctl): fingerprints, key ids, expiry, who changed what when. */
export const keySummaries = (http: HttpClient, xmlId?: string): Promise<ApiResult<KeySummary[]>> =>
  http.get('/keys/summary', { xmlId });
