import { describe, expect, it } from 'vitest';
import type { Origin } from '../../portal/src/api/types';
import { formValuesOf, originInput } from '../../portal/src/lib/origins';
import { abilitiesOf, privLevelOf } from '../../portal/src/lib/privileges';
import { DEFAULT_MAX_TTL_HOURS, checkTtl } from '../../portal/src/lib/purge';
import { checkPurgeRegex } from '../../portal/src/lib/regex';
import { NAV_LINKS, parseRoute, sectionOf, tokenFromLocation } from '../../portal/src/lib/router';
import { formatApiTime, formatDuration, jobTimeLeft, parseApiTime, ttlHours } from '../../portal/src/lib/time';

describe('routes', () => {
  it('maps each navigation link to its own screen', () => {
    expect(NAV_LINKS.map((l) => l.label)).toEqual(['Delivery services', 'Purge', 'Jobs', 'Origins', 'Users', 'Federations', 'Profiles', 'Change log']);
    const names = NAV_LINKS.map((l) => parseRoute(l.path).name);
    expect(names).toEqual(['deliveryServices', 'purge', 'jobs', 'origins', 'users', 'federations', 'profiles', 'changeLog']);
  });

  it('carries the delivery service of a purge link', () => {
    expect(parseRoute('/purge?ds=2')).toEqual({ name: 'purge', dsId: '2' });
    expect(parseRoute('/purge')).toEqual({ name: 'purge', dsId: '' });
    expect(sectionOf('/purge?ds=2')).toBe('/purge');
  });

  it('reads ids from detail paths and reports unknown paths', () => {
    expect(parseRoute('/')).toEqual({ name: 'home' });
    expect(parseRoute('/origins/')).toEqual({ name: 'origins' });
    expect(parseRoute('/federations/3')).toEqual({ name: 'federation', id: 3 });
    expect(parseRoute('/profiles/12')).toEqual({ name: 'profile', id: 12 });
    expect(parseRoute('/me')).toEqual({ name: 'me' });
    expect(parseRoute('/change-log')).toEqual({ name: 'changeLog' });
    expect(parseRoute('/profiles/abc')).toEqual({ name: 'notFound', path: '/profiles/abc' });
    expect(parseRoute('/nowhere')).toEqual({ name: 'notFound', path: '/nowhere' });
  });

  it('puts detail pages under their section', () => {
    expect(sectionOf('/federations/3')).toBe('/federations');
    expect(sectionOf('/')).toBe('/');
  });

  it('finds the token of a ?token= link and of the mails\' #!/user?token= link', () => {
    expect(tokenFromLocation({ search: '?token=abc123', hash: '' })).toBe('abc123');
    expect(tokenFromLocation({ search: '', hash: '#!/user?token=Zx_9-y' })).toBe('Zx_9-y');
    expect(tokenFromLocation({ search: '', hash: '#/user?token=q1' })).toBe('q1');
    expect(tokenFromLocation({ search: '?other=1', hash: '#!/user' })).toBeNull();
    expect(tokenFromLocation({ search: '?token=', hash: '' })).toBeNull();
  });
});

describe('times', () => {
  const noon = Date.parse('2026-11-21T12:00:00Z');

  it('writes and reads the API format in UTC', () => {
    expect(formatApiTime(noon)).toBe('2026-11-21 12:00:00');
    expect(parseApiTime('2026-11-21 12:00:00')).toBe(noon);
    expect(parseApiTime('2026-11-21 12:00:00+00')).toBe(noon);
    expect(parseApiTime('2026-02-30 12:00:00')).toBeNull();
    expect(parseApiTime('21/11/2026')).toBeNull();
  });

  it('reads the TTL of a job', () => {
    expect(ttlHours('TTL:48h')).toBe(48);
    expect(ttlHours('TTL:abc')).toBeNull();
  });

  it('says how long a job still revalidates, or when it starts', () => {
    const job = { startTime: '2026-11-21 10:00:00', parameters: 'TTL:24h' };
    expect(jobTimeLeft(job, noon)).toEqual({ state: 'active', text: '22 h left' });
    expect(jobTimeLeft(job, Date.parse('2026-11-20T09:30:00Z'))).toEqual({ state: 'scheduled', text: 'starts in 1 d' });
    expect(jobTimeLeft(job, Date.parse('2026-11-22T10:00:00Z'))).toEqual({ state: 'expired', text: 'expired' });
    expect(jobTimeLeft({ startTime: 'soon', parameters: 'TTL:1h' }, noon).state).toBe('unknown');
  });

  it('formats durations for people', () => {
    expect(formatDuration(30_000)).toBe('under a minute');
    expect(formatDuration(12 * 60_000)).toBe('12 min');
    expect(formatDuration(5.5 * 3_600_000)).toBe('5 h 30 min');
    expect(formatDuration((2 * 24 + 4) * 3_600_000)).toBe('2 d 4 h');
  });
});

describe('purge regex live check', () => {
  it('asks for a leading slash', () => {
    expect(checkPurgeRegex('images/.*')).toEqual({ state: 'invalid', message: "The regex must start with '/' (a path)." });
    expect(checkPurgeRegex('')).toEqual({ state: 'empty' });
  });

  it('reports a pattern that does not compile', () => {
    const check = checkPurgeRegex('/images/(.*');
    expect(check.state).toBe('invalid');
    expect(check.state === 'invalid' && check.message).toMatch(/^Not a valid regular expression: /);
  });

  it('accepts Perl-compatible syntax the API accepts, and refuses spaces', () => {
    expect(checkPurgeRegex('/(?i)images/.*\\.PNG')).toEqual({ state: 'valid', matchesEverything: false });
    expect(checkPurgeRegex('/a++b')).toEqual({ state: 'valid', matchesEverything: false });
    expect(checkPurgeRegex('/my file.png')).toEqual({ state: 'invalid', message: 'No spaces or control characters (write \\s for a space).' });
    expect(checkPurgeRegex(`/${'a'.repeat(2048)}`).state).toBe('invalid');
  });

  it('warns about match-everything patterns and not about narrow ones', () => {
    for (const broad of ['/.*', '/.+', '/', '/.*\\..*|/.*']) {
      expect(checkPurgeRegex(broad), broad).toEqual({ state: 'valid', matchesEverything: true });
    }
    for (const narrow of ['/images/.*\\.png', '/index\\.html$', '/a']) {
      expect(checkPurgeRegex(narrow), narrow).toEqual({ state: 'valid', matchesEverything: false });
    }
  });

  it('checks the TTL against the maximum', () => {
    expect(DEFAULT_MAX_TTL_HOURS).toBe(2160);
    expect(checkTtl('24', 2160)).toBeNull();
    expect(checkTtl('0', 2160)).toBe('At least 1 hour.');
    expect(checkTtl('2161', 2160)).toBe('At most 2160 hours.');
    expect(checkTtl('1.5', 2160)).toBe('Whole hours, e.g. 24.');
  });
});

describe('privileges', () => {
  const roles = [
    { id: 1, name: 'admin', description: null, privLevel: 30 },
    { id: 2, name: 'operations', description: null, privLevel: 20 },
    { id: 3, name: 'read-only', description: null, privLevel: 10 },
    { id: 5, name: 'portal', description: null, privLevel: 15 },
  ];

  it('gives each role the write buttons its privilege allows', () => {
    expect(abilitiesOf(privLevelOf(roles, '3'))).toEqual({ purge: false, manageOrigins: false, manageUsers: false, manageFederationUsers: false });
    expect(abilitiesOf(privLevelOf(roles, '5'))).toEqual({ purge: true, manageOrigins: false, manageUsers: false, manageFederationUsers: false });
    expect(abilitiesOf(privLevelOf(roles, '2'))).toEqual({ purge: true, manageOrigins: true, manageUsers: true, manageFederationUsers: false });
    expect(abilitiesOf(privLevelOf(roles, 1))).toEqual({ purge: true, manageOrigins: true, manageUsers: true, manageFederationUsers: true });
  });

  it('shows no write button for a role it cannot find', () => {
    expect(privLevelOf(roles, '99')).toBe(0);
    expect(Object.values(abilitiesOf(0)).some(Boolean)).toBe(false);
  });
});

describe('origin form body', () => {
  const stored: Origin = {
    id: 7, name: 'o1', fqdn: 'o1.example.test', protocol: 'https', port: 8443, ipAddress: null, ip6Address: null,
    isPrimary: false, deliveryService: 'ds1', deliveryServiceId: 1, tenant: 'root', tenantId: 1, cachegroup: 'cg',
    cachegroupId: 4, coordinate: null, coordinateId: null, profile: null, profileId: null, lastUpdated: null,
  };

  it('leaves blank optional fields out so the API applies its defaults', () => {
    const values = { ...formValuesOf(null), name: ' new ', fqdn: 'new.example.test', deliveryServiceId: '2' };
    expect(originInput(values, null)).toEqual({ name: 'new', fqdn: 'new.example.test', protocol: 'http', deliveryServiceId: 2 });
  });

  it('keeps what the form does not show when editing, and sends typed numbers as numbers', () => {
    const values = { ...formValuesOf(stored), port: '8080' };
    expect(originInput(values, stored)).toEqual({
      name: 'o1', fqdn: 'o1.example.test', protocol: 'https', port: 8080, deliveryServiceId: 1, tenantId: 1, cachegroupId: 4,
    });
  });

  it('passes a malformed port through for the API to name', () => {
    expect(originInput({ ...formValuesOf(stored), port: '80a' }, stored).port).toBe('80a');
  });
});
