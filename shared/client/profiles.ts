import type { ProfileParameterRecord, ProfileRecord, TrimmedProfileRecord } from '../contract/profiles.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A profile (1.1): `id` a digit string. */
export type Profile = ProfileRecord;

/** GET profiles, with the optional filters `name`, `id`, `cdn`. */
export function listProfiles(
  http: HttpClient,
  query: { name?: string; id?: number; cdn?: string } = {},
): Promise<ApiResult<Profile[]>> {
  return http.get('/profiles', query);
}

/** GET profiles/:id (an array; empty when unknown). */
export function getProfile(http: HttpClient, id: number): Promise<ApiResult<Profile[]>> {
  return http.get(`/profiles/${id}`);
}

/** GET profiles/trimmed: names only. */
export function listTrimmedProfiles(http: HttpClient): Promise<ApiResult<TrimmedProfileRecord[]>> {
  return http.get('/profiles/trimmed');
}

/** A profile parameter (GET profiles/name/:name/parameters); secure values read `********` unless admin. */
export type ProfileParameter = ProfileParameterRecord;

/** GET profiles/name/:name/parameters. */
export function listProfileParameters(http: HttpClient, name: string): Promise<ApiResult<ProfileParameter[]>> {
  return http.get(`/profiles/name/${encodeURIComponent(name)}/parameters`);
}
