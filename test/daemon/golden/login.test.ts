import { replayGolden } from './harness.js';

const malformed = {
  reason: 'BEHAVIOR.md §1: malformed JSON answers 400 with a readable message (Traffic Ops echoed Go decoder errors)',
  alerts: [{ level: 'error', text: /^malformed JSON in request body: / }],
};

replayGolden('login', {
  'malformed JSON': malformed,
  'token login with malformed JSON': malformed,
  'empty body': {
    reason: 'BEHAVIOR.md §2: an empty body carries no u or p, so it is the missing-credentials 400',
    alerts: [{ level: 'error', text: 'username and password are required' }],
  },
});
