// The job records Traffic Ops' Go server answered (reference/traffic-ops-1.4-1.5-types.md §5): GET/POST/PUT/DELETE
// jobs at every version, and user/current/jobs from 1.4.
import { int, nullableText, record, text, type FromSchema } from './schema.js';

/** InvalidationJob, in the Go key order; `startTime` as `YYYY-MM-DD hh:mm:ss+00`. */
export const invalidationJobSchema = record({
  assetUrl: text,
  createdBy: text,
  deliveryService: text,
  id: int,
  keyword: text,
  parameters: text,
  startTime: text,
});
export type InvalidationJobRecord = FromSchema<typeof invalidationJobSchema>;

/** UserInvalidationJob (GET user/current/jobs from 1.4): no startTime, `agent` a number. */
export const userInvalidationJobSchema = record({
  agent: int,
  assetUrl: text,
  assetType: text,
  deliveryService: text,
  enteredTime: text,
  id: int,
  keyword: text,
  objectName: nullableText,
  objectType: nullableText,
  parameters: text,
  username: text,
});
export type UserInvalidationJobRecord = FromSchema<typeof userInvalidationJobSchema>;
