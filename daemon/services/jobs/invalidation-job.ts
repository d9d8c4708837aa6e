import type { InvalidationJobRecord, UserInvalidationJobRecord } from '../../../shared/contract/go-jobs.js';
import { formatTimestampTz } from '../../../shared/time.js';
import type { Job } from '../../store/jobs.js';
import { goTimeString } from './go-time.js';
import { ttlParameter } from './job-record.js';

/** The job records of the Go server and the texts its /jobs routes answered (reference/…-types.md §5). Pure. */

export type { InvalidationJobRecord, UserInvalidationJobRecord };

const HOUR_MS = 3600_000;

/** InvalidationJob, the record of GET/POST/PUT/DELETE jobs. */
export function invalidationJobRecord(job: Job): InvalidationJobRecord {
  return {
    assetUrl: job.assetUrl,
    createdBy: job.username,
    deliveryService: job.dsXmlId,
    id: job.id,
    keyword: job.keyword,
    parameters: ttlParameter(job.ttlHours),
    startTime: formatTimestampTz(job.startTime),
  };
}

/** UserInvalidationJob, the record of GET user/current/jobs from 1.4. The agent is Traffic Ops' seeded "dummy", id 1. */
export function userInvalidationJobRecord(job: Job): UserInvalidationJobRecord {
  return {
    agent: 1,
    assetUrl: job.assetUrl,
    assetType: job.assetType,
    deliveryService: job.dsXmlId,
    enteredTime: formatTimestampTz(job.enteredTime),
    id: job.id,
    keyword: job.keyword,
    objectName: job.objectName,
    objectType: job.objectType,
    parameters: ttlParameter(job.ttlHours),
    username: job.username,
  };
}

/** When a job's purge ends. */
export const jobEnd = (job: { startTime: number; ttlHours: number }): number => job.startTime + job.ttlHours * HOUR_MS;

/** The success text of POST and PUT jobs. */
export const jobCreatedText = (assetUrl: string, start: number, end: number): string =>
  `Invalidation request created for ${assetUrl}, start:${goTimeString(start)} end ${goTimeString(end)}`;

/** The warning for each existing job of the same delivery service and asset whose purge overlaps the new one. */
export const duplicateJobText = (job: { assetUrl: string; startTime: number; ttlHours: number }): string =>
  `Invalidation request duplicate found for ${job.assetUrl}, start:${goTimeString(job.startTime)} end:${goTimeString(jobEnd(job))}`;

/** Whether two purges of the same asset overlap in time. */
export const overlaps = (
  a: { startTime: number; ttlHours: number },
  b: { startTime: number; ttlHours: number },
): boolean => a.startTime < jobEnd(b) && b.startTime < jobEnd(a);

export const JOB_DELETED = 'Content invalidation job was deleted';
export const JOB_BY_ID_DEPRECATED = "This endpoint is deprecated, please use GET /jobs with the 'id' parameter instead";
export const USER_JOBS_DEPRECATED =
  "This endpoint is deprecated, please use the 'userId' or 'createdBy' query parameters of a GET request to /jobs instead";
export const USER_JOB_POST_DEPRECATED = 'This endpoint is deprecated, please use the POST method /jobs instead';
export const noJob = (id: number): string => `No job by id '${id}'!`;
