import type { InvalidationJobRecord } from '../contract/go-jobs.js';
import type { JobRecord } from '../contract/jobs.js';
import type { HttpClient } from './http.js';
import { seedVersion, type ApiResult } from './types.js';

/** The versions the seed fixes the user's jobs at. */
const JOB_SEED = ['1.1', '1.2'] as const;

/** A content-invalidation job (GET user/current/jobs.json). */
export type Job = JobRecord;

/** The body of POST user/current/jobs. */
export interface NewJob {
  dsId: string;
  regex: string;
  /** `YYYY-MM-DD hh:mm:ss`, UTC. */
  startTime: string;
  /** Hours. */
  ttl: number;
}

/** GET user/current/jobs.json, optionally `?keyword=PURGE`. */
export function listJobs(http: HttpClient, query: { keyword?: string } = {}): Promise<ApiResult<Job[]>> {
  return http.get('/user/current/jobs.json', query, seedVersion(http.version, JOB_SEED));
}

/** POST user/current/jobs: creates a purge (revalidation) job; the answer is alerts only. */
export function createJob(http: HttpClient, job: NewJob): Promise<ApiResult<undefined>> {
  return http.post('/user/current/jobs', job, undefined, seedVersion(http.version, JOB_SEED));
}

/**
 * A job as GET jobs serves it (Traffic Ops' InvalidationJob): everyone's jobs the caller's tenancy may see;
 * `createdBy` is the username, `deliveryService` the xmlId.
 */
export type InvalidationJob = InvalidationJobRecord;

/** The filters of GET jobs. */
export interface AllJobsFilter {
  deliveryService?: string;
  dsId?: number;
  createdBy?: string;
  userId?: number;
  keyword?: string;
}

/** GET jobs: every job the caller may see, as Traffic Ops serves it. */
export function listAllJobs(http: HttpClient, filter: AllJobsFilter = {}): Promise<ApiResult<InvalidationJob[]>> {
  return http.get('/jobs', { ...filter });
}

/** GET jobs?id=N: the job when the caller may see it, else null. */
export async function getJob(http: HttpClient, id: number): Promise<InvalidationJob | null> {
  const { response } = await http.get<InvalidationJob[]>('/jobs', { id });
  return response[0] ?? null;
}

/** DELETE jobs?id=N (API 1.4+): cancels the job; its CDN's caches drop the rule at their next revalidation. */
export function deleteJob(http: HttpClient, id: number): Promise<ApiResult<InvalidationJob>> {
  return http.delete('/jobs', { id });
}
