import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../shared/contract/jobs.js';
import { api, storedCookie } from '../../helpers/cli.js';
import { useCliDaemon } from '../../helpers/cli-daemon.js';
import { COUNTED_CATASTROPHIC, PCRE_INCOMPATIBLE } from './pcre-patterns.js';

/**
 * `cdnctl purge` checks the regex with the daemon's own rule before it sends anything (issue 28, finding 5):
 * the counted repetitions that backtrack without end and the patterns PCRE reads otherwise never leave it.
 */

const { daemon, cli } = useCliDaemon({ login: 'ops_user' });

const jobCount = async () => {
  const cookie = storedCookie(daemon.configDir, `ops_user@${daemon.url}`)!;
  return (await api<{ response: JobRecord[] }>(daemon.url, '/api/1.2/user/current/jobs.json', cookie)).body.response
    .length;
};

describe('cdnctl purge before sending', () => {
  const cases: Array<[string, RegExp]> = [
    ...COUNTED_CATASTROPHIC.map((p): [string, RegExp] => [p, /^error: regex: is too complex: /]),
    [PCRE_INCOMPATIBLE[0][0], /^error: regex: is not compatible with PCRE \(the caches' regex engine\): \\u escapes/],
    [PCRE_INCOMPATIBLE[1][0], /^error: regex: is not compatible with PCRE .*lookbehind must have a fixed length/],
  ];

  it('refuses each catastrophic or PCRE-incompatible regex with exit 1, and nothing reaches the daemon', async () => {
    const before = await jobCount();
    for (const [pattern, message] of cases) {
      const result = await cli.run(['purge', '--ds', 'ds1', '--regex', pattern, '--ttl', '1']);
      expect(result.code, `${pattern}: ${result.stderr}`).toBe(1);
      expect(result.stderr, pattern).toMatch(message);
      expect(result.stderr, pattern).toContain('hint: nothing was sent');
    }
    expect(await jobCount()).toBe(before);
  }, 120_000);
});
