import { replayGolden, type Difference } from './harness.js';

const error = (text: string) => [{ level: 'error', text }];
const refused = (reason: string, text: string, status = 400): Difference => ({ reason, status, alerts: error(text) });
const updated = (reason: string): Difference => ({
  reason,
  status: 200,
  alerts: [{ level: 'success', text: 'User profile was successfully updated' }],
});

replayGolden('user_current', {
  'GET user/current.json at 1.1': {
    reason: 'the seed and BEHAVIOR.md §4: the current-user record gains tenant and tenantId at 1.2, so 1.1 has neither',
    responseKeys: { remove: ['tenant', 'tenantId'] },
  },
  'PUT user/current unwrapped body (no "user" key)': refused(
    "BEHAVIOR.md §4: a body without the `user` object answers 400 `missing 'user' object`",
    "missing 'user' object",
  ),
  'PUT user/current invalid email': refused(
    "BEHAVIOR.md §4: the user writes' `'email' must be a valid email address`",
    "'email' must be a valid email address",
  ),
  'PUT user/current mismatched password confirm': refused(
    'BEHAVIOR.md §4 and §9: a new password needs a matching confirm (Traffic Ops ignored it)',
    "'confirmLocalPassword' must match 'localPassword'",
  ),
  'PUT user/current try to change own role to admin': refused(
    'BEHAVIOR.md §4: role may be sent only unchanged, else 400 `users cannot change their own role`',
    'users cannot change their own role',
  ),
  'PUT user/current malformed JSON': {
    reason: 'BEHAVIOR.md §1: malformed JSON answers 400 with a readable message (Traffic Ops echoed Go decoder errors)',
    alerts: [{ level: 'error', text: /^malformed JSON in request body: / }],
  },
  'POST user/current/update at 1.1 (Perl-era route)': updated(
    "BEHAVIOR.md §1: POST user/current/update was introduced at 1.1 and answers there (the Go Traffic Ops had dropped it); its answer is the seed's {alerts}",
  ),
  'POST user/current/update at 1.2': updated(
    'BEHAVIOR.md §1: a route introduced at 1.1 answers at every served version ≥ 1.1; the 1.1 route keeps its {alerts} answer (the record comes with PUT)',
  ),
});
