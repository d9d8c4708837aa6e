import { describe, expect, it } from 'vitest';
import { planPurge } from '../../../../shared/client/purge-plan.js';
import type { DeliveryService } from '../../../../shared/client/deliveryservices.js';
import { validatePurgeRequest } from '../../../../shared/rules/purge/purge-request.js';

// The CLI's purge plan (asks for --yes) and the daemon's check (warns on the created job) must call the same
// regexes "everything": a purge the daemon warns about must not go out unconfirmed, and the reverse.
const ds = { id: 1, xmlId: 'demo1', orgServerFqdn: 'https://origin.example.net' } as DeliveryService;
const NOW = Date.parse('2026-11-21T12:00:00Z');

const daemonSays = (regex: string): boolean => {
  const checked = validatePurgeRequest(
    { dsId: 1, regex, startTime: '2026-11-21 12:30:00', ttl: 24 },
    { now: NOW, maxTtlHours: 2160, boundPastStart: true },
  );
  if (!checked.ok) throw new Error(checked.errors.join('; '));
  return checked.request.matchesEverything;
};

const cliSays = (regex: string): boolean => {
  const plan = planPurge(ds, regex, 24, NOW);
  if (typeof plan === 'string') throw new Error(plan);
  return plan.matchesEverything;
};

describe('one "matches everything" rule', () => {
  // `/.+` misses only the site root; `(?i)` is PCRE, which the caches run; `[!-~]` is printable ASCII only.
  const patterns = ['/', '/.*', '/.+', '/(?i).*', '/[!-~]*$', '/images/.*', '/.*\\.jpg', '/[a-z]+$', '/.{200}'];

  it.each(patterns)('the CLI plan and the daemon agree on %s', (regex) => {
    expect(cliSays(regex)).toBe(daemonSays(regex));
  });
});
