import type { Alert } from './types';
import { ApiFailure, type ApiClient, type ApiResult } from './client';
import { newestFirst, normalizeJob, type PortalJob } from '../lib/jobs';

/** Everyone's jobs the caller may see (`all`), or only the caller's own when the daemon has no GET jobs (`mine`). */
export interface JobList {
  jobs: PortalJob[];
  scope: 'all' | 'mine';
}

/**
 * GET jobs (every job on delivery services the caller's tenant may see, as Traffic Ops serves it). A daemon
 * without that route answers 404, and the portal falls back to GET user/current/jobs, the caller's own.
 */
export async function fetchJobs(client: ApiClient): Promise<ApiResult<JobList>> {
  let result: ApiResult<Array<Record<string, unknown>>>;
  let scope: JobList['scope'] = 'all';
  try {
    result = await client.get<Array<Record<string, unknown>>>('/jobs');
  } catch (error) {
    if (!(error instanceof ApiFailure) || error.status !== 404) throw error;
    result = await client.get<Array<Record<string, unknown>>>('/user/current/jobs', { keyword: 'PURGE' });
    scope = 'mine';
  }
  const jobs = (Array.isArray(result.response) ? result.response : [])
    .map(normalizeJob)
    .filter((j) => j.keyword === 'PURGE');
  const alerts: Alert[] = result.alerts;
  return { response: { jobs: newestFirst(jobs), scope }, alerts };
}
