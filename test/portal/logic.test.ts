import { describe, expect, it } from 'vitest';
import { abilitiesOf, privLevelOf } from '../../portal/src/lib/privileges';
import { NAV_LINKS, parseRoute, sectionOf, tokenFromLocation } from '../../portal/src/lib/router';
import { formatApiTime, jobTimeLeft, parseApiTime, timeLeft, ttlHours } from '../../portal/src/lib/time';

describe('routes', () => {
  it('maps each navigation link to its own screen', () => {
    expect(NAV_LINKS.map((l) => l.label)).toEqual([
      'Delivery services',
      'Purge',
      'Jobs',
      'Origins',
      'Users',
      'Federations',
      'Profiles',
      'Servers',
      'Change log',
      'Topology',
      'Tenants',
      'Parameters',
      'CDN map',
    ]);
    const names = NAV_LINKS.map((l) => parseRoute(l.path).name);
    expect(names).toEqual([
      'deliveryServices',
      'purge',
      'jobs',
      'origins',
      'users',
      'federations',
      'profiles',
      'servers',
      'changeLog',
      'topology',
      'tenants',
      'parameters',
      'cdnMap',
    ]);
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
    expect(parseRoute('/delivery-services/4')).toEqual({ name: 'deliveryService', key: '4' });
    expect(parseRoute('/delivery-services/my%20ds?jobs.q=x')).toEqual({ name: 'deliveryService', key: 'my ds' });
    expect(parseRoute('/delivery-services/%E0%A4%A')).toEqual({ name: 'deliveryService', key: '%E0%A4%A' });
    expect(parseRoute('/origins?q=acme&sort=-fqdn')).toEqual({ name: 'origins' });
    expect(parseRoute('/nowhere')).toEqual({ name: 'notFound', path: '/nowhere' });
    expect(parseRoute('/delivery-services/new')).toEqual({ name: 'dsNew' });
    expect(parseRoute('/delivery-services/ds%201/edit')).toEqual({ name: 'dsEdit', key: 'ds 1' });
    expect(parseRoute('/delivery-services/ds1/other')).toEqual({
      name: 'notFound',
      path: '/delivery-services/ds1/other',
    });
  });

  it('puts detail pages under their section', () => {
    expect(sectionOf('/federations/3')).toBe('/federations');
    expect(sectionOf('/delivery-services/ds1?origins.page=2')).toBe('/delivery-services');
    expect(sectionOf('/')).toBe('/');
  });

  it("finds the token of a ?token= link and of the mails' #!/user?token= link", () => {
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
    expect(jobTimeLeft(job, noon)).toEqual({ state: 'active', text: '22h 0m left' });
    expect(jobTimeLeft(job, Date.parse('2026-11-20T09:30:00Z'))).toEqual({
      state: 'scheduled',
      text: 'starts in 1d 0h',
    });
    expect(jobTimeLeft(job, Date.parse('2026-11-22T10:00:00Z'))).toEqual({ state: 'expired', text: 'expired' });
    expect(jobTimeLeft({ startTime: 'soon', parameters: 'TTL:1h' }, noon).state).toBe('unknown');
  });

  it('formats durations as the CLI does', () => {
    expect(timeLeft(noon + 30_000, noon)).toBe('30s');
    expect(timeLeft(noon + 12 * 60_000, noon)).toBe('12m 0s');
    expect(timeLeft(noon + 5.5 * 3_600_000, noon)).toBe('5h 30m');
    expect(timeLeft(noon + (2 * 24 + 4) * 3_600_000, noon)).toBe('2d 4h');
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
    expect(abilitiesOf(privLevelOf(roles, '3'))).toEqual({
      purge: false,
      manageOrigins: false,
      manageUsers: false,
      manageFederationUsers: false,
      manageKeys: false,
    });
    expect(abilitiesOf(privLevelOf(roles, '5'))).toEqual({
      purge: true,
      manageOrigins: false,
      manageUsers: false,
      manageFederationUsers: false,
      manageKeys: false,
    });
    expect(abilitiesOf(privLevelOf(roles, '2'))).toEqual({
      purge: true,
      manageOrigins: true,
      manageUsers: true,
      manageFederationUsers: false,
      manageKeys: false,
    });
    expect(abilitiesOf(privLevelOf(roles, 1))).toEqual({
      purge: true,
      manageOrigins: true,
      manageUsers: true,
      manageFederationUsers: true,
      manageKeys: true,
    });
  });

  it('shows no write button for a role it cannot find', () => {
    expect(privLevelOf(roles, '99')).toBe(0);
    expect(Object.values(abilitiesOf(0)).some(Boolean)).toBe(false);
  });
});
