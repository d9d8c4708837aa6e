import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { logLevel, loggerOptions, requestForLog, type LogLevel } from '../../daemon/edge/access-log.js';
import { ADMIN_PASSWORD, makeApp } from '../helpers/app.js';

describe('logLevel (CDNCTL_LOG_LEVEL)', () => {
  it('defaults to info and takes any level name in any case', () => {
    expect(logLevel(undefined)).toBe('info');
    expect(logLevel('')).toBe('info');
    expect(logLevel('DEBUG')).toBe('debug');
    expect(logLevel(' warn ')).toBe('warn');
    expect(logLevel('silent')).toBe('silent');
  });

  it('refuses an unknown level, naming the ones it takes', () => {
    expect(() => logLevel('verbose')).toThrow(
      'unknown log level "verbose" in CDNCTL_LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent',
    );
  });
});

/** A line of the daemon's log as pino writes it; only a request's lines have `req`, only an answered one's `res`. */
interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  responseTime?: number;
  req?: ReturnType<typeof requestForLog>;
  res?: { statusCode: number };
}

/** An app logging at `level` into an array of parsed lines. */
async function loggedApp(level: LogLevel) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const t = await makeApp({ logger: { ...loggerOptions(level), stream } });
  return {
    t,
    lines,
    completed: () => lines.filter((l) => l.msg === 'request completed'),
    arrived: () => lines.filter((l) => l.msg === 'incoming request'),
  };
}

describe('the access log', () => {
  it('writes one line per request, once answered: method, masked URL, status and time', async () => {
    const { t, completed, arrived } = await loggedApp('info');
    try {
      await t.app.inject({ method: 'GET', url: '/api/1.3/ping' });
      await t.app.inject({ method: 'GET', url: '/api/1.3/origins' });
      await t.app.inject({ method: 'POST', url: '/api/1.2/user/login', payload: { u: 'admin', p: ADMIN_PASSWORD } });
      await t.app.inject({ method: 'GET', url: '/api/1.2/user/reset_password?t=secret-token&p=hunter2&x=1' });
      const lines = completed();
      expect(lines.map((l) => [l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
        ['GET', '/api/1.3/ping', 200],
        ['GET', '/api/1.3/origins', 401],
        ['POST', '/api/1.2/user/login', 200],
        ['GET', '/api/1.2/user/reset_password?t=***&p=***&x=1', expect.any(Number)],
      ]);
      for (const line of lines) {
        expect(line.level).toBe(30);
        expect(typeof line.responseTime).toBe('number');
        expect(typeof line.reqId).toBe('string');
      }
      expect(arrived()).toEqual([]);
      expect(JSON.stringify(lines)).not.toContain(ADMIN_PASSWORD);
    } finally {
      await t.close();
    }
  });

  it('at debug level also marks each request when it arrives', async () => {
    const { t, completed, arrived } = await loggedApp('debug');
    try {
      await t.app.inject({ method: 'GET', url: '/api/1.3/ping?token=abc' });
      expect(arrived().map((l) => l.req?.url)).toEqual(['/api/1.3/ping?token=***']);
      expect(completed()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('writes no access line at warn level', async () => {
    const { t, lines } = await loggedApp('warn');
    try {
      await t.app.inject({ method: 'GET', url: '/api/1.3/ping' });
      expect(lines).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
