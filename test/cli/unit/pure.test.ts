import { describe, expect, it } from 'vitest';
import { cookieFromEnv } from '../../../cli/commands/common/invocation.js';
import { chooseVersion } from '../../../cli/commands/common/version.js';
import { SETTINGS } from '../../../cli/auth/config.js';
import { normalizeServerUrl } from '../../../cli/auth/server-url.js';
import { resolveServer } from '../../../cli/auth/target.js';
import { CliError } from '../../../cli/errors.js';
import { planPurge } from '../../../shared/client/purge-plan.js';
import type { DeliveryService } from '../../../shared/client/deliveryservices.js';
import { sessionFromSetCookie } from '../../../shared/client/session.js';
import { colorAllowed } from '../../../cli/output/colors.js';

describe('server URLs', () => {
  it('normalizes to scheme://host[:port][/path] without a trailing slash; rejects other schemes and credentials', () => {
    expect(normalizeServerUrl('https://TO.Example.net/')).toBe('https://to.example.net');
    expect(normalizeServerUrl('http://127.0.0.1:8480')).toBe('http://127.0.0.1:8480');
    expect(normalizeServerUrl('https://to.example.net:443/prefix/')).toBe('https://to.example.net/prefix');
    expect(normalizeServerUrl('ftp://x')).toBeNull();
    expect(normalizeServerUrl('https://user:pw@x')).toBeNull();
    expect(normalizeServerUrl('not a url')).toBeNull();
  });

  it('chooses --server, then CDNCTL_SERVER, then --context or the current context, then the local daemon', () => {
    const config = {
      currentContext: 'a',
      contexts: { a: { server: 'https://a.test' }, b: { server: 'https://b.test', apiVersion: '1.2' as const } },
    };
    const base = { env: {}, config, dataDir: '/nonexistent' };
    expect(
      resolveServer({ ...base, flagServer: 'https://flag.test', env: { CDNCTL_SERVER: 'https://env.test' } }),
    ).toMatchObject({ url: 'https://flag.test', source: 'flag' });
    expect(resolveServer({ ...base, flagContext: 'b', env: { CDNCTL_SERVER: 'https://env.test' } })).toMatchObject({
      url: 'https://env.test',
      source: 'env',
    });
    expect(resolveServer({ ...base, flagContext: 'b' })).toEqual({
      url: 'https://b.test',
      source: 'context',
      context: 'b',
      apiVersion: '1.2',
    });
    expect(resolveServer(base)).toMatchObject({ url: 'https://a.test', context: 'a' });
    expect(() => resolveServer({ ...base, config: {} })).toThrow(/no server to talk to/);
    expect(() => resolveServer({ ...base, flagContext: 'zzz' })).toThrow(/no context named "zzz"/);
  });
});

describe('API version choice', () => {
  const needs = { min: '1.1' as const, preferred: '1.2' as const };
  it('uses the preferred version, lowered to a cap, or the flag when it serves the command', () => {
    expect(chooseVersion({ command: 'users list', needs })).toBe('1.2');
    expect(chooseVersion({ command: 'users list', needs, cap: { version: '1.1', by: 'context "x"' } })).toBe('1.1');
    expect(chooseVersion({ command: 'users list', needs, cap: { version: '1.3', by: 'context "x"' } })).toBe('1.2');
    expect(chooseVersion({ command: 'users list', needs, flag: '1.3' })).toBe('1.3');
  });

  it('accepts 1.4 and 1.5 and speaks 1.3, the newest shapes the commands read (issue 17)', () => {
    expect(chooseVersion({ command: 'users list', needs, flag: '1.4' })).toBe('1.3');
    expect(chooseVersion({ command: 'users list', needs, flag: '1.5' })).toBe('1.3');
    expect(chooseVersion({ command: 'users list', needs, cap: { version: '1.5', by: 'context "x"' } })).toBe('1.2');
  });

  it('a version older than the command needs is a usage error naming who asked for it', () => {
    const origins = { min: '1.3' as const, preferred: '1.3' as const };
    const error = (() => {
      try {
        chooseVersion({ command: 'origins list', needs: origins, flag: '1.2' });
      } catch (err) {
        return err as CliError;
      }
    })();
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      exitCode: 2,
      message: '"cdnctl origins list" needs API version 1.3 or newer, but --api-version asks for 1.2',
    });
    expect(() =>
      chooseVersion({
        command: 'origins list',
        needs: origins,
        cap: { version: '1.2', by: 'the api-version setting' },
      }),
    ).toThrow(/the api-version setting asks for 1\.2/);
  });
});

describe('sessions and cookies', () => {
  it('reads the session pair and its expiry from Set-Cookie; CDNCTL_SESSION may be the bare value', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(sessionFromSetCookie(['mojolicious=abc123; Path=/; Max-Age=21600; HttpOnly'], now)).toEqual({
      cookie: 'mojolicious=abc123',
      expiresAt: '2026-01-01T06:00:00.000Z',
    });
    expect(sessionFromSetCookie(['mojolicious=; Max-Age=0'], now)).toBeNull();
    expect(sessionFromSetCookie(['s=v; Expires=Thu, 01 Jan 2026 01:00:00 GMT'], now)).toEqual({
      cookie: 's=v',
      expiresAt: '2026-01-01T01:00:00.000Z',
    });
    expect(cookieFromEnv(' abc ')).toBe('mojolicious=abc');
    expect(cookieFromEnv('other=xyz')).toBe('other=xyz');
  });
});

describe('colors', () => {
  const tty = { colorFlag: true, env: {}, isTTY: true };
  it('are allowed only on a terminal, without NO_COLOR, --no-color or TERM=dumb', () => {
    expect(colorAllowed(tty)).toBe(true);
    expect(colorAllowed({ ...tty, isTTY: false })).toBe(false);
    expect(colorAllowed({ ...tty, colorFlag: false })).toBe(false);
    expect(colorAllowed({ ...tty, env: { NO_COLOR: '1' } })).toBe(false);
    expect(colorAllowed({ ...tty, env: { NO_COLOR: '' } })).toBe(true);
    expect(colorAllowed({ ...tty, env: { TERM: 'dumb' } })).toBe(false);
  });
});

describe('purge plans', () => {
  const ds = { id: 3, xmlId: 'demo1', orgServerFqdn: 'https://origin.example.net:8443/' } as DeliveryService;

  it('recognizes regexes that match every path', () => {
    const everything = (re: string) => {
      const plan = planPurge(ds, re, 1, 0);
      return typeof plan === 'string' ? plan : plan.matchesEverything;
    };
    // `/.+` leaves out only the site root: the daemon warns about it, so the CLI asks (shared/rules/purge).
    for (const re of ['/.*', '/', '/.*$', '/.+']) expect(everything(re), re).toBe(true);
    for (const re of ['/images/.*', '/.*\\.png', '/a', '/[']) expect(everything(re), re).toBe(false);
  });

  it('joins the origin and regex into the asset URL and adds the TTL to the start for the expiry', () => {
    const start = Date.parse('2026-05-01T06:00:00Z');
    expect(planPurge(ds, '/images/.*', 36, start)).toEqual({
      dsId: '3',
      xmlId: 'demo1',
      regex: '/images/.*',
      ttlHours: 36,
      startTime: '2026-05-01 06:00:00',
      expiresAt: '2026-05-02 18:00:00',
      assetUrl: 'https://origin.example.net:8443/images/.*',
      matchesEverything: false,
    });
    expect(planPurge(ds, 'images', 1, start)).toBe("regex: must start with '/'");
    expect(planPurge({ ...ds, orgServerFqdn: null }, '/a', 1, start)).toBe(
      'cannot invalidate content: delivery service demo1 has no origin',
    );
  });
});

describe('settings', () => {
  it('parse valid values and explain invalid ones', () => {
    expect(SETTINGS.output.parse('wide')).toBe('wide');
    expect(SETTINGS['api-version'].parse('1.5')).toBe('1.5');
    expect(SETTINGS['api-version'].parse('1.6')).toBeInstanceOf(Error);
    expect(SETTINGS.timeout.parse('30')).toBe(30);
    expect(SETTINGS.timeout.parse('3.5')).toBeInstanceOf(Error);
  });
});
