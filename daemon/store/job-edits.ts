import { type Change } from './change-log.js';

/**
 * The queries and edits of the /jobs API (GET with filters, PUT, DELETE), over the same jobs table as jobs.ts.
 * Rows come back as jobs.ts maps them: the caller passes its SELECT and row mapper so one module knows columns.
 */

/** The filters of GET jobs; an absent key does not filter. */
export interface JobFilter {
  id?: number;
  keyword?: string;
  assetUrl?: string;
  /** Epoch milliseconds, matched exactly. */
  startTime?: number;
  userId?: number;
  /** The creator's username. */
  createdBy?: string;
  /** The delivery service's xmlId. */
  deliveryService?: string;
  dsId?: number;
  /** Only jobs of delivery services of these tenants. */
  tenantIds: Iterable<number>;
}

/** New values for a job that has not started: PUT jobs. */
export interface JobChange {
  assetUrl: string;
  ttlHours: number;
  startTime: number;
}

export interface JobEditStore<J> {
  query(filter: JobFilter): Promise<J[]>;
  byId(id: number): Promise<J | null>;
  /** The jobs of a delivery service on one asset URL (to warn about overlapping purges). */
  sameAsset(deliveryServiceId: number, assetUrl: string): Promise<J[]>;
  /**
   * Changes a job and answers it; null when it no longer exists. Its CDN's caches must revalidate again
   * (reval_pending, as a new job does). `logged` (of the answer) goes to the change log in the same transaction.
   */
  reschedule(id: number, change: JobChange, now: number, logged?: Change<J | null>): Promise<J | null>;
  /**
   * Deletes a job and answers it as it was; null when it did not exist. Its CDN's caches must revalidate again,
   * so the rule leaves them at once. `change` (of the answer) goes to the change log in the same transaction.
   */
  remove(id: number, now: number, change?: Change<J | null>): Promise<J | null>;
}
