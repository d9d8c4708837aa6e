import type { CertificateSummary, KeySummary } from '../../../shared/contract/keys.js';
import { api } from './api';

export type { KeySummary };

/** One certificate as GET keys/summary describes it: no key material. */
export type CertificateInfo = CertificateSummary;

/** The identity and subject fields of sslkeys/generate and sslkeys/add. */
export interface SslRequest {
  key: string;
  cdn: string;
  hostname: string;
  version: number;
  businessUnit?: string;
  city?: string;
  organization?: string;
  country?: string;
  state?: string;
  certificate?: { crt: string; key: string; csr: string };
}

// The portal only writes keys and reads summaries: it never calls the GET routes that answer secrets.
export const keySummaries = (xmlId?: string) => api.get<KeySummary[]>('/keys/summary', { xmlId });
export const generateUrlKeys = (xmlId: string) =>
  api.post<undefined>(`/deliveryservices/xmlId/${encodeURIComponent(xmlId)}/urlkeys/generate`);
export const copyUrlKeys = (xmlId: string, from: string) =>
  api.post<undefined>(
    `/deliveryservices/xmlId/${encodeURIComponent(xmlId)}/urlkeys/copyFromXmlId/${encodeURIComponent(from)}`,
  );
export const replaceUriKeys = (xmlId: string, keyset: unknown) =>
  api.put<unknown>(`/deliveryservices/${encodeURIComponent(xmlId)}/urisignkeys`, keyset);
export const generateSslKeys = (body: SslRequest) => api.post<string>('/deliveryservices/sslkeys/generate', body);
export const addSslKeys = (body: SslRequest) => api.post<string>('/deliveryservices/sslkeys/add', body);
