// The job record of the API, shared by the daemon (its response schemas) and the CLI client (the type).
import { nullableText, record, text, type FromSchema } from './schema.js';

/** A content-invalidation job (GET and POST user/current/jobs): ids as digit strings, times `YYYY-MM-DD hh:mm:ss` (UTC). */
export const jobSchema = record({
  id: text,
  keyword: text,
  objectName: nullableText,
  assetUrl: text,
  assetType: text,
  status: text,
  dsId: text,
  dsXmlId: text,
  username: text,
  parameters: text,
  enteredTime: text,
  objectType: nullableText,
  agent: text,
  startTime: text,
});
export type JobRecord = FromSchema<typeof jobSchema>;
