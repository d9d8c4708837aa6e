// The job records Traffic Ops' Go server answered (reference/traffic-ops-1.4-1.5-types.md §5): GET/POST/PUT/DELETE
// jobs at every version, and user/current/jobs from 1.4.

/** InvalidationJob, in the Go key order; `startTime` as `YYYY-MM-DD hh:mm:ss+00`. */
export interface InvalidationJobRecord {
  assetUrl: string;
  createdBy: string;
  deliveryService: string;
  id: number;
  keyword: string;
  parameters: string;
  startTime: string;
}

/** UserInvalidationJob (GET user/current/jobs from 1.4): no startTime, `agent` a number. */
export interface UserInvalidationJobRecord {
  agent: number;
  assetUrl: string;
  assetType: string;
  deliveryService: string;
  enteredTime: string;
  id: number;
  keyword: string;
  objectName: string | null;
  objectType: string | null;
  parameters: string;
  username: string;
}
