import type { SectionDiff, SnapshotDiff } from '../../../shared/contract/crconfig.js';
import { api } from './api';

// The CDN snapshot routers and monitors read (issue 35): the diff of pending against published, and the publish.

export type { SectionDiff, SnapshotDiff };

const cdnPath = (cdn: string) => `/cdns/${encodeURIComponent(cdn)}`;

export const getSnapshotDiff = (cdn: string) => api.get<SnapshotDiff>(`${cdnPath(cdn)}/snapshot/diff`);
export const publishSnapshot = (cdn: string) => api.put<string>(`/snapshot/${encodeURIComponent(cdn)}`);
