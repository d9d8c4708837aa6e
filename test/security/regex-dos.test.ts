import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGEX_TOO_COMPLEX, probeRegex } from '../../daemon/jobs/bounded-match.js';
import { compilePcre } from '../../daemon/jobs/pcre.js';
import { answersPing, call, loginOver, prepareDataDir, startChildDaemon, tempRoot, type ChildDaemon } from '../reliability/child-daemon.js';
import { PASSWORDS } from './fixture.js';

/**
 * A purge regex is probed against sample paths (to warn about match-everything purges). One with catastrophic
 * backtracking used to hold the daemon's only thread for good: any portal user could stop the service.
 */

// Matches every short probe path through `.{0,30}$`; on the 49-character one the second branch tries 2^48 ways.
const CATASTROPHIC = String.raw`/(?:.{0,30}$|(?:[\w\/.?=&-]|[\w\/.?=&-])+!)`;

const compiled = (pattern: string) => {
  const result = compilePcre(pattern);
  if (!result.ok) throw new Error(result.reason);
  return result.regex;
};

describe('probing a purge regex', () => {
  it('stops a regex with catastrophic backtracking within its time limit', () => {
    const started = Date.now();
    expect(probeRegex(compiled(CATASTROPHIC), 50)).toEqual({ tooComplex: true });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('still tells match-everything patterns from narrow ones', () => {
    expect(probeRegex(compiled('/.*'))).toEqual({ matchesEverything: true });
    expect(probeRegex(compiled('/images/.*\\.png'))).toEqual({ matchesEverything: false });
  });
});

describe('a running daemon sent a catastrophic purge regex', () => {
  let root: string;
  let daemon: ChildDaemon;
  const agent = new Agent({ headersTimeout: 20_000, bodyTimeout: 20_000 });
  beforeAll(async () => {
    root = tempRoot('redos');
    const dataDir = join(root, 'data');
    await prepareDataDir(dataDir);
    daemon = await startChildDaemon(dataDir, { serve: { logger: false } });
  });
  afterAll(async () => {
    await daemon?.kill();
    await agent.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses it with a 400 alert at once and keeps answering everyone', async () => {
    const cookie = await loginOver(agent, daemon.url, 'ops_user', PASSWORDS.ops_user);
    const ds = await call(agent, `${daemon.url}/api/1.3/deliveryservices?xmlId=ds1`, { cookie });
    const dsId = Number(ds.json().response[0].id);
    const started = Date.now();
    const res = await call(agent, `${daemon.url}/api/1.3/user/current/jobs`, {
      method: 'POST',
      cookie,
      body: { dsId, regex: CATASTROPHIC, startTime: new Date().toISOString(), ttl: 1 },
      timeoutMs: 20_000,
    });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ alerts: [{ text: REGEX_TOO_COMPLEX, level: 'error' }] });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await answersPing(daemon.url)).toBe(true);
    const jobs = await call(agent, `${daemon.url}/api/1.3/user/current/jobs`, { cookie });
    expect(jobs.json().response).toEqual([]);
  });
});
