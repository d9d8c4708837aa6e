import { replayGolden, type Difference } from './harness.js';

/**
 * Traffic Ops 1.x answered profiles/trimmed and profiles/:id with a deprecation warning (later API versions
 * replaced them by GET profiles and ?id=). The seed lists both as current endpoints answering `{response: [...]}`,
 * so no exchange here carries that warning.
 *
 * Decided too, and held by test/daemon/record-shapes.test.ts (the harness compares types from 1.4 only): the seed
 * says a profile's `id` is a string of digits and its `lastUpdated` is `YYYY-MM-DD hh:mm:ss` (Traffic Ops sent an
 * int and a `+00` suffix).
 */
const NOT_DEPRECATED =
  'seed, Profiles 1.1: profiles/trimmed and profiles/:id answer {response}, so no deprecation warning';

/**
 * The recording's Traffic Ops had eight built-in profiles, so ORG_PROFILE1 was id 9; we seed only GLOBAL
 * (BEHAVIOR.md §7: the other profiles come from the snapshot), so ORG_PROFILE1 has another id and id 9 is unknown.
 */
const OTHER_IDS =
  'BEHAVIOR.md §7 and the golden README: ids differ (the golden had eight built-in profiles, we seed GLOBAL only)';

/** The eight built-in profiles are not ours: every list of all profiles is shorter. */
const FEWER: Difference = { reason: OTHER_IDS, lengthMayDiffer: true };

replayGolden('profiles', {
  'GET profiles at 1.1': FEWER,
  'GET profiles.json at 1.1': FEWER,
  'GET profiles/trimmed at 1.1': { reason: `${NOT_DEPRECATED}; ${OTHER_IDS}`, alerts: [], lengthMayDiffer: true },
  'GET profiles/trimmed.json at 1.1': { reason: `${NOT_DEPRECATED}; ${OTHER_IDS}`, alerts: [], lengthMayDiffer: true },
  'GET profiles/:id at 1.1 existing': { reason: `${NOT_DEPRECATED}; ${OTHER_IDS}`, alerts: [], ignoreEmptiness: true },
  'GET profiles/:id at 1.1 missing': { reason: NOT_DEPRECATED, alerts: [] },
  'GET profiles/:id at 1.1 non-numeric': {
    reason: NOT_DEPRECATED,
    alerts: [{ level: 'error', text: 'id cannot parse to integer' }],
  },
  'GET profiles ?id= at 1.1': { reason: OTHER_IDS, ignoreEmptiness: true },
} satisfies Record<string, Difference>);
