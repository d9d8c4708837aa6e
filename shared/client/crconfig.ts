import type { CrConfig, MonitoringConfig, SnapshotDiff } from '../contract/crconfig.js';
import type { CdnHealthRecord, HealthReport, HealthReportAnswer } from '../contract/health.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

const cdnPath = (cdn: string) => `/cdns/${encodeURIComponent(cdn)}`;

/** GET cdns/:name/snapshot: the published CRConfig (only `stats` when never published). */
export function getSnapshot(http: HttpClient, cdn: string): Promise<ApiResult<CrConfig>> {
  return http.get(`${cdnPath(cdn)}/snapshot`);
}

/** GET cdns/:name/snapshot/new: the CRConfig a publish would store now. */
export function getPendingSnapshot(http: HttpClient, cdn: string): Promise<ApiResult<CrConfig>> {
  return http.get(`${cdnPath(cdn)}/snapshot/new`);
}

/** GET cdns/:name/configs/monitoring: what the health monitors read. */
export function getMonitoringConfig(http: HttpClient, cdn: string): Promise<ApiResult<MonitoringConfig>> {
  return http.get(`${cdnPath(cdn)}/configs/monitoring`);
}

/** GET cdns/:name/snapshot/diff: the pending configuration against the published one. */
export function getSnapshotDiff(http: HttpClient, cdn: string): Promise<ApiResult<SnapshotDiff>> {
  return http.get(`${cdnPath(cdn)}/snapshot/diff`);
}

/** PUT snapshot/:cdn: publishes the CRConfig and the monitoring configuration. */
export function publishSnapshot(http: HttpClient, cdn: string): Promise<ApiResult<string>> {
  return http.put(`/snapshot/${encodeURIComponent(cdn)}`);
}

/** POST cdns/:name/health/report (ours): a health monitor publishes its merged view of the CDN's caches. */
export function reportHealth(
  http: HttpClient,
  cdn: string,
  body: HealthReport,
): Promise<ApiResult<HealthReportAnswer>> {
  return http.post(`${cdnPath(cdn)}/health/report`, body);
}

/** GET cdns/:name/health: the CDN's REPORTED EDGE caches online and offline, per cache group. */
export function getCdnHealth(http: HttpClient, cdn: string): Promise<ApiResult<CdnHealthRecord>> {
  return http.get(`${cdnPath(cdn)}/health`);
}

/** GET cdns/health: the same over every CDN. */
export function getAllCdnsHealth(http: HttpClient): Promise<ApiResult<CdnHealthRecord>> {
  return http.get('/cdns/health');
}
