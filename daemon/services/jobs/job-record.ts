import type { JobRecord } from '../../../shared/contract/jobs.js';
import { formatTimestamp } from '../../../shared/time.js';
import type { Job } from '../../store/jobs.js';

/** The seed's Job record (its one definition lives in the contract). */
export type { JobRecord };

/** `TTL:<hours>h`, the job's parameters as Traffic Ops wrote them. */
export const ttlParameter = (ttlHours: number): string => `TTL:${ttlHours}h`;

export function jobRecord(job: Job): JobRecord {
  return {
    id: String(job.id),
    keyword: job.keyword,
    objectName: job.objectName,
    assetUrl: job.assetUrl,
    assetType: job.assetType,
    status: job.status,
    dsId: String(job.deliveryServiceId),
    dsXmlId: job.dsXmlId,
    username: job.username,
    parameters: ttlParameter(job.ttlHours),
    enteredTime: formatTimestamp(job.enteredTime),
    objectType: job.objectType,
    agent: job.agent,
    startTime: formatTimestamp(job.startTime),
  };
}

/** `<protocol>://<fqdn>[:<port>]`, the base a purge regex is appended to. */
export function originBase(origin: { protocol: string; fqdn: string; port: number | null }): string {
  return `${origin.protocol}://${origin.fqdn}${origin.port === null ? '' : `:${origin.port}`}`;
}

export const purgeSubmittedText = (xmlId: string, assetUrl: string, ttlHours: number): string =>
  `Invalidate content request submitted for ${xmlId} [ ${assetUrl} - ${ttlParameter(ttlHours)} ]`;

export const MATCHES_EVERYTHING_WARNING =
  'the regex matches every path: this revalidates all content of the delivery service and may load its origin heavily';
