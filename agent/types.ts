/** One element of `GET servers/:hostname/update_status` (a bare array in API 1.x). */
export interface UpdateStatus {
  host_name: string;
  upd_pending: boolean;
  reval_pending: boolean;
  use_reval_pending: boolean;
  host_id: number;
  status: string;
  parent_pending: boolean;
  parent_reval_pending: boolean;
}

/** One entry of `configFiles` in `GET servers/:host/configfiles/ats`. */
export interface ConfigFileEntry {
  fnameOnDisk: string;
  location: string;
  apiUri: string;
  scope: string;
}

/** The two kinds of pass: `syncds` applies queued updates (every file), `revalidate` only regex_revalidate.config. */
export type PassKind = 'syncds' | 'revalidate';

/** When to hold off while a parent has not applied yet (t3c's --wait-for-parents). */
export type WaitForParents = 'true' | 'false' | 'reval';

/** One logged decision or action of the agent. */
export interface AgentEvent {
  /** ISO time. */
  at: string;
  kind: PassKind | 'agent';
  message: string;
}
