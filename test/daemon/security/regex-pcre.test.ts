import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeErrors } from '../../../shared/rules/forms/purge.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { ORDINARY_PATTERNS } from '../../shared/rules/purge/redos-patterns.js';
import { goldenApp, type GoldenApp } from './fixture.js';
import { COUNTED_CATASTROPHIC, OPERATOR_PATTERNS, PCRE_INCOMPATIBLE } from './pcre-patterns.js';

/**
 * Purge regexes end up in regex_revalidate.config, which every cache runs with PCRE against every request URL
 * (issue 28, finding 5). The daemon refuses counted repetitions that backtrack without end (`(x+x+){0,9}y`: a
 * counted repetition with an upper bound above 1 is a repetition), and anything outside the subset of regex
 * syntax that PCRE and JavaScript read alike, so that what it checks is what the caches run.
 */

const TOO_COMPLEX = /^regex: is too complex: .*(nested quantifiers|overlapping alternation|high polynomial)/;
const NOT_PCRE = /^regex: is not compatible with PCRE \(the caches' regex engine\): /;
type Alert = { level: string; text: string };

describe('the shared purge rule (daemon, CLI, terminal UI and portal)', () => {
  const NOW = Date.parse('2026-11-21T12:00:00Z');
  const regexError = (regex: string) =>
    purgeErrors({ regex, ttl: '1', startTime: '2026-11-21 12:30:00' }, 24, NOW).regex;

  it.each(COUNTED_CATASTROPHIC)('refuses %s as too complex', (pattern) => {
    expect(regexError(pattern)).toMatch(TOO_COMPLEX);
  });

  it.each(PCRE_INCOMPATIBLE)('refuses %s as outside what PCRE reads alike', (pattern, why) => {
    const error = regexError(pattern);
    expect(error).toMatch(NOT_PCRE);
    expect(error).toMatch(why);
    // The answer names the construct, never the caller's pattern.
    expect(error).not.toContain(pattern.slice(1));
  });

  it.each([...OPERATOR_PATTERNS, ...ORDINARY_PATTERNS])('accepts %s', (pattern) => {
    expect(regexError(pattern)).toBeUndefined();
  });
});

eachStore((kind) => {
  describe('the purge routes', () => {
    let t: GoldenApp;
    let cookie: string;
    beforeAll(async () => {
      t = await goldenApp({ storeKind: kind });
      cookie = await t.session('ops_user');
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    const userJob = (regex: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/1.2/user/current/jobs',
        headers: { cookie },
        payload: { dsId: t.ids.deliveryServices.ds1, regex, startTime: '2026-11-21 12:30:00', ttl: 1 },
      });
    const job = (regex: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/1.4/jobs',
        headers: { cookie },
        payload: { deliveryService: 'ds1', regex, startTime: '2026-11-21 13:00:00', ttl: 1 },
      });

    async function expectRefused(pattern: string, text: RegExp) {
      for (const send of [userJob, job]) {
        const res = await send(pattern);
        expect(res.statusCode, `${pattern}: ${res.body}`).toBe(400);
        const errors = (res.json() as { alerts: Alert[] }).alerts.filter((a) => a.level === 'error');
        expect(errors, pattern).toHaveLength(1);
        expect(errors[0].text, pattern).toMatch(text);
      }
    }

    it('refuses each catastrophic counted repetition with a 400 naming the reason, storing nothing', async () => {
      const before = await t.checksum();
      for (const pattern of COUNTED_CATASTROPHIC) await expectRefused(pattern, TOO_COMPLEX);
      expect(await t.checksum()).toBe(before);
    });

    it('refuses each pattern PCRE cannot compile or reads otherwise, naming the construct, storing nothing', async () => {
      const before = await t.checksum();
      for (const [pattern, why] of PCRE_INCOMPATIBLE) {
        await expectRefused(pattern, NOT_PCRE);
        await expectRefused(pattern, why);
      }
      expect(await t.checksum()).toBe(before);
    });

    it('still accepts the patterns operators write', async () => {
      for (const pattern of OPERATOR_PATTERNS) {
        const res = await userJob(pattern);
        expect(res.statusCode, `${pattern}: ${res.body}`).toBe(200);
      }
    });
  });
});
