import { type Change } from './change-log.js';
import { type JobEditStore } from './job-edits.js';

export type { JobChange, JobFilter } from './job-edits.js';

/** A content-invalidation job with its user and delivery service names joined. */
export interface Job {
  id: number;
  keyword: string;
  assetUrl: string;
  assetType: string;
  status: string;
  ttlHours: number;
  /** Epoch milliseconds. */
  startTime: number;
  /** Epoch milliseconds. */
  enteredTime: number;
  userId: number;
  username: string;
  deliveryServiceId: number;
  dsXmlId: string;
  agent: string;
  objectType: string | null;
  objectName: string | null;
}

/** What a purge request stores; keyword, asset type, status and agent take the table's defaults. */
export interface NewPurgeJob {
  assetUrl: string;
  ttlHours: number;
  startTime: number;
  enteredTime: number;
  userId: number;
  deliveryServiceId: number;
}

/** A PURGE job as regex_revalidate.config needs it. */
export interface RevalidationJob {
  assetUrl: string;
  /** Epoch milliseconds. */
  startTime: number;
  ttlHours: number;
}

/** Content-invalidation jobs: purge requests, the config file's reads, and the /jobs API (job-edits.ts). */
export interface JobStore extends JobEditStore<Job> {
  /** Stores a PURGE job, raises reval_pending on its CDN's caches (markRevalidation), and answers it as read back. */
  insertPurge(job: NewPurgeJob, change?: Change<Job>): Promise<Job>;
  /** The user's jobs on delivery services of the given tenants, newest first; `keyword` null = every keyword. */
  listForUser(userId: number, tenantIds: Iterable<number>, keyword: string | null): Promise<Job[]>;
  /**
   * The PURGE jobs of the CDN's delivery services that started at or after `since` and, with a TTL of at
   * least an hour, end after `now`.
   */
  runningPurgesOfCdn(cdnId: number, now: number, since: number): Promise<RevalidationJob[]>;
}

export interface JobRow {
  id: number;
  keyword: string;
  asset_url: string;
  asset_type: string;
  status: string;
  ttl_hours: number;
  start_time: number;
  entered_time: number;
  user_id: number;
  username: string;
  deliveryservice_id: number;
  ds_xml_id: string;
  agent: string;
  object_type: string | null;
  object_name: string | null;
}

export const toJob = (r: JobRow): Job => ({
  id: r.id,
  keyword: r.keyword,
  assetUrl: r.asset_url,
  assetType: r.asset_type,
  status: r.status,
  ttlHours: r.ttl_hours,
  startTime: r.start_time,
  enteredTime: r.entered_time,
  userId: r.user_id,
  username: r.username,
  deliveryServiceId: r.deliveryservice_id,
  dsXmlId: r.ds_xml_id,
  agent: r.agent,
  objectType: r.object_type,
  objectName: r.object_name,
});

export const JOB_SELECT = `SELECT j.*, u.username, ds.xml_id AS ds_xml_id
  FROM jobs j JOIN users u ON u.id = j.user_id JOIN deliveryservices ds ON ds.id = j.deliveryservice_id`;

/**
 * The SQL the list and the config file run, exported so a test can check their query plans. Tenant ids travel
 * as one JSON array parameter, so the statement stays prepared whatever the number of tenants.
 */
export const JOB_QUERIES = {
  listForUser: `${JOB_SELECT}
     WHERE j.user_id = ? AND ds.tenant_id IN (SELECT value FROM json_each(?))
     ORDER BY j.id DESC`,
  listForUserByKeyword: `${JOB_SELECT}
     WHERE j.user_id = ? AND j.keyword = ? AND ds.tenant_id IN (SELECT value FROM json_each(?))
     ORDER BY j.id DESC`,
  // The end expression is the one of index jobs_deliveryservice_end (migration 2), spelled alike so it is used.
  runningPurgesOfCdn: `SELECT j.asset_url, j.start_time, j.ttl_hours
      FROM deliveryservices ds JOIN jobs j ON j.deliveryservice_id = ds.id
     WHERE ds.cdn_id = ? AND j.start_time + max(j.ttl_hours, 1) * 3600000 > ? AND j.start_time >= ?
       AND j.keyword = 'PURGE'`,
} as const;
