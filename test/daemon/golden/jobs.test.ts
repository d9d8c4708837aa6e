import { replayGolden, type Difference } from './harness.js';

/**
 * Traffic Ops 1.x answered every user/current/jobs request with a deprecation warning (it had moved to /jobs in
 * later API versions); here these routes are the current API, so no exchange carries that warning.
 */
const NO_DEPRECATION = 'BEHAVIOR.md §5: user/current/jobs is our current API, so no deprecation warning';

const error = (text: string) => [{ level: 'error', text }];
const refused = (rule: string, text: string, status = 400): Difference => ({
  reason: `${NO_DEPRECATION}; ${rule}`,
  status,
  alerts: error(text),
});

/** Our create answer is the stored job in the seed's Job shape, not Traffic Ops' echo. */
const CREATED_KEYS = {
  add: ['agent', 'assetType', 'dsId', 'dsXmlId', 'enteredTime', 'objectName', 'objectType', 'status', 'username'],
  remove: ['createdBy', 'deliveryService'],
};
const created = (assetUrl: string, ttl: number): Difference => ({
  reason: `${NO_DEPRECATION}; §5 and §9: the success text names the delivery service, asset URL and TTL; the seed's Job shape`,
  alerts: [{ level: 'success', text: `Invalidate content request submitted for ds1 [ ${assetUrl} - TTL:${ttl}h ]` }],
  responseKeys: CREATED_KEYS,
});
/** The seed's Job shape: dsId, dsXmlId, startTime and status, and no Traffic Ops `deliveryService` key. */
const LISTED_KEYS = { add: ['dsId', 'dsXmlId', 'startTime', 'status'], remove: ['deliveryService'] };
const listed: Difference = {
  reason:
    `${NO_DEPRECATION}; the seed's Job shape (dsXmlId, string ids, startTime, status); one job fewer: a purge ` +
    'Traffic Ops stored in this file is refused here (§5 bounds: TTL and start time)',
  alerts: [],
  responseKeys: LISTED_KEYS,
  lengthMayDiffer: true,
};

replayGolden('jobs', {
  'POST user/current/jobs valid (startTime now+5min RFC3339)': created(
    'http://ds1-origin.example.test/images/.*\\.jpg',
    24,
  ),
  'POST user/current/jobs valid (startTime in TO legacy layout "2006-01-02 15:04:05-07")': created(
    'http://ds1-origin.example.test/css/.*',
    48,
  ),
  'POST user/current/jobs bad regex': refused(
    "§5: `regex: is not a valid regular expression: <why>`, the reason from cdnctl's PCRE check",
    'regex: is not a valid regular expression: missing terminating ] for character class',
  ),
  'POST user/current/jobs regex without leading slash': refused(
    "§5: `regex: must start with '/'`",
    "regex: must start with '/'",
  ),
  'POST user/current/jobs ttl 0': refused(
    '§5: `ttl: must be at least 1` (one text per field)',
    'ttl: must be at least 1',
  ),
  'POST user/current/jobs ttl huge (10000)': refused('§5: `ttl: cannot exceed <max>`', 'ttl: cannot exceed 2160'),
  'POST user/current/jobs startTime 3 days ago': refused(
    '§5 and the seed: at 1.2+ startTime cannot be more than two days in the past (Traffic Ops accepted it)',
    'startTime: cannot be more than two days in the past',
  ),
  'POST user/current/jobs startTime 3 days ahead': refused(
    '§5: `startTime: must be within two days from now`',
    'startTime: must be within two days from now',
  ),
  'POST user/current/jobs unknown dsId': refused(
    '§5: an unknown delivery service answers 404 `No such Delivery Service!`',
    'No such Delivery Service!',
    404,
  ),
  'POST user/current/jobs missing fields': refused(
    '§5: every missing field reported together, as `<field>: is required`',
    'dsId: is required, regex: is required, startTime: is required, ttl: is required',
  ),
  'POST user/current/jobs DS outside user tenancy (tenant-a user, root-tenant ds1)': refused(
    '§5 and §9: an invisible delivery service answers 404 (Traffic Ops answered 200 with an error alert)',
    'No such Delivery Service!',
    404,
  ),
  'GET user/current/jobs.json?keyword=PURGE': listed,
  'GET user/current/jobs': listed,
  'GET user/current/jobs as read-only user (no jobs)': { reason: NO_DEPRECATION, alerts: [] },
});
