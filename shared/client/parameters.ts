import type { ParameterRecord, ProfileParameterLinkRecord } from '../contract/parameters.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A parameter (GET parameters); a secure value reads `********` unless you are an admin. */
export type Parameter = ParameterRecord;

/** The body of POST and PUT parameters. */
export interface ParameterBody {
  name: string;
  configFile: string;
  value: string;
  secure: boolean;
}

/** GET parameters' filters. */
export interface ParameterFilter {
  id?: number;
  name?: string;
  configFile?: string;
  value?: string;
  secure?: boolean;
}

export function listParameters(http: HttpClient, filter: ParameterFilter = {}): Promise<ApiResult<Parameter[]>> {
  return http.get('/parameters', { ...filter });
}

export function createParameter(http: HttpClient, body: ParameterBody): Promise<ApiResult<Parameter>> {
  return http.post('/parameters', body);
}

export function updateParameter(http: HttpClient, id: number, body: ParameterBody): Promise<ApiResult<Parameter>> {
  return http.put(`/parameters/${id}`, body);
}

export function deleteParameter(http: HttpClient, id: number): Promise<ApiResult<undefined>> {
  return http.delete(`/parameters/${id}`);
}

/** POST profileparameters: links one parameter to one profile. */
export function linkParameter(http: HttpClient, profileId: number, parameterId: number): Promise<ApiResult<unknown>> {
  return http.post('/profileparameters', { profileId, parameterId });
}

/** DELETE profileparameters/:profileId/:parameterId. */
export function unlinkParameter(
  http: HttpClient,
  profileId: number,
  parameterId: number,
): Promise<ApiResult<undefined>> {
  return http.delete(`/profileparameters/${profileId}/${parameterId}`);
}

/** GET profileparameters. */
export function listLinks(
  http: HttpClient,
  filter: { profileId?: number; parameterId?: number } = {},
): Promise<ApiResult<ProfileParameterLinkRecord[]>> {
  return http.get('/profileparameters', { ...filter });
}
