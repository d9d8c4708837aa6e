import { replayGolden } from './harness.js';

replayGolden('auth_and_routing', {
  'non-API root path': {
    reason: 'issue 11: the daemon serves the portal at /; only /api/... answers the API envelopes',
    status: 200,
    notJson: true,
  },
});
