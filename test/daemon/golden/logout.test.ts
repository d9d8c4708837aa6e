import { replayGolden } from './harness.js';

replayGolden('logout', {
  'old cookie still used after logout: GET user/current': {
    reason: 'BEHAVIOR.md §2 and §9: logout deletes the session, so the old cookie no longer works',
    status: 401,
    alerts: [{ level: 'error', text: 'Unauthorized, please log in.' }],
  },
});
