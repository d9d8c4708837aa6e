// The job record of the API, shared by the daemon's formatter and the CLI client.

/** A content-invalidation job (GET and POST user/current/jobs): ids as digit strings, times `YYYY-MM-DD hh:mm:ss` (UTC). */
export interface JobRecord {
  id: string;
  keyword: string;
  objectName: string | null;
  assetUrl: string;
  assetType: string;
  status: string;
  dsId: string;
  dsXmlId: string;
  username: string;
  parameters: string;
  enteredTime: string;
  objectType: string | null;
  agent: string;
  startTime: string;
}
