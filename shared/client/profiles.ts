import type { ProfileParameterRecord, ProfileRecord, TrimmedProfileRecord } from '../contract/profiles.js';
import type { CopiedProfile, ImportedProfile, ProfileExport } from '../contract/parameters.js';
import type { HttpClient } from './http.js';
import { seedVersion, type ApiResult } from './types.js';

/** The version the seed fixes profiles at. */
const PROFILE_SEED = ['1.1'] as const;

/** A profile (1.1): `id` a digit string. */
export type Profile = ProfileRecord;

/** GET profiles, with the optional filters `name`, `id`, `cdn`. */
export function listProfiles(
  http: HttpClient,
  query: { name?: string; id?: number; cdn?: string } = {},
): Promise<ApiResult<Profile[]>> {
  return http.get('/profiles', query, seedVersion(http.version, PROFILE_SEED));
}

/** GET profiles/:id (an array; empty when unknown). */
export function getProfile(http: HttpClient, id: number): Promise<ApiResult<Profile[]>> {
  return http.get(`/profiles/${id}`, {}, seedVersion(http.version, PROFILE_SEED));
}

/** GET profiles/trimmed: names only. */
export function listTrimmedProfiles(http: HttpClient): Promise<ApiResult<TrimmedProfileRecord[]>> {
  return http.get('/profiles/trimmed', {}, seedVersion(http.version, PROFILE_SEED));
}

/** A profile parameter (GET profiles/name/:name/parameters); secure values read `********` unless admin. */
export type ProfileParameter = ProfileParameterRecord;

/** GET profiles/name/:name/parameters. */
export function listProfileParameters(http: HttpClient, name: string): Promise<ApiResult<ProfileParameter[]>> {
  return http.get(`/profiles/name/${encodeURIComponent(name)}/parameters`);
}

/** The body of POST profiles and PUT profiles/:id (issue 31). */
export interface ProfileBody {
  name: string;
  description: string;
  cdn: number;
  type: string;
  routingDisabled: boolean;
}

/** A profile as a write answers it (numeric id). */
export type WrittenProfile = Omit<Profile, 'id'> & { id: number };

/** POST profiles. */
export function createProfile(http: HttpClient, body: ProfileBody): Promise<ApiResult<WrittenProfile>> {
  return http.post('/profiles', body);
}

/** PUT profiles/:id. */
export function updateProfile(http: HttpClient, id: number, body: ProfileBody): Promise<ApiResult<WrittenProfile>> {
  return http.put(`/profiles/${id}`, body);
}

/** DELETE profiles/:id. */
export function deleteProfile(http: HttpClient, id: number): Promise<ApiResult<undefined>> {
  return http.delete(`/profiles/${id}`);
}

/** POST profiles/name/:name/copy/:existing. */
export function copyProfile(http: HttpClient, name: string, existing: string): Promise<ApiResult<CopiedProfile>> {
  return http.post(`/profiles/name/${encodeURIComponent(name)}/copy/${encodeURIComponent(existing)}`);
}

/** GET profiles/:id/export: the document itself (no `response` wrapper). */
export async function exportProfile(http: HttpClient, id: number): Promise<ProfileExport> {
  return (await http.get<unknown>(`/profiles/${id}/export`)).body as ProfileExport;
}

/** POST profiles/import. */
export function importProfile(http: HttpClient, doc: ProfileExport): Promise<ApiResult<ImportedProfile>> {
  return http.post('/profiles/import', doc);
}
