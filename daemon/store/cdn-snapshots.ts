import type { Change } from './change-log.js';

/**
 * The published configuration of one CDN for the other servers (issue 35): the CRConfig and the monitoring
 * configuration, each the JSON text as published, and when it was published (epoch milliseconds).
 */
export interface CdnSnapshot {
  cdnId: number;
  crconfig: string;
  monitoring: string;
  lastUpdated: number;
}

/** The published snapshots, one per CDN. */
export interface CdnSnapshotStore {
  /** The CDN's published snapshot, or null when it was never published. */
  get(cdnId: number): Promise<CdnSnapshot | null>;
  /** Replaces the CDN's published snapshot (the caller has checked that the CDN exists), with its change entry. */
  put(snapshot: CdnSnapshot, change?: Change<void>): Promise<void>;
}

export interface CdnSnapshotRow {
  cdn_id: number;
  crconfig: string;
  monitoring: string;
  last_updated: number | string;
}

export const toCdnSnapshot = (r: CdnSnapshotRow): CdnSnapshot => ({
  cdnId: Number(r.cdn_id),
  crconfig: r.crconfig,
  monitoring: r.monitoring,
  lastUpdated: Number(r.last_updated),
});
