import { describe, expect, it } from 'vitest';
import { ResponseCache, type CachedResponse } from '../../daemon/http/response-cache.js';

function setup(maxBytes = 1000) {
  let version = 'v1';
  let now = 1_000_000;
  const cache = new ResponseCache({ maxBytes, clock: () => now, dataVersion: async () => version });
  return {
    cache,
    setVersion: (v: string) => (version = v),
    advance: (ms: number) => (now += ms),
    now: () => now,
  };
}

const entry = (text: string, expiresAt: number | null = null): CachedResponse => ({
  body: Buffer.from(text),
  headers: { 'content-type': 'application/json; charset=utf-8' },
  expiresAt,
});

describe('ResponseCache', () => {
  it('answers a stored entry while the data version stays the same', async () => {
    const { cache } = setup();
    const v = await cache.currentVersion();
    await cache.put('k', v, entry('{"response":[]}'));
    await cache.currentVersion();
    expect(cache.get('k')?.body.toString()).toBe('{"response":[]}');
  });

  it('drops everything when the data version moves', async () => {
    const { cache, setVersion } = setup();
    const v = await cache.currentVersion();
    await cache.put('k', v, entry('a'));
    setVersion('v2');
    await cache.currentVersion();
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('refuses an answer computed under a data version that moved meanwhile', async () => {
    const { cache, setVersion } = setup();
    const v = await cache.currentVersion();
    setVersion('v2');
    await cache.put('k', v, entry('stale'));
    expect(cache.get('k')).toBeUndefined();
  });

  it('treats an entry past its expiry as absent', async () => {
    const { cache, advance, now } = setup();
    const v = await cache.currentVersion();
    await cache.put('k', v, entry('x', now() + 500));
    advance(499);
    expect(cache.get('k')).toBeDefined();
    advance(1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size.bytes).toBe(0);
  });

  it('evicts the least recently used entries beyond its byte budget', async () => {
    const { cache } = setup(10);
    const v = await cache.currentVersion();
    await cache.put('a', v, entry('1234'));
    await cache.put('b', v, entry('1234'));
    cache.get('a');
    await cache.put('c', v, entry('1234'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
  });

  it('never keeps a body larger than its whole budget', async () => {
    const { cache } = setup(4);
    const v = await cache.currentVersion();
    await cache.put('big', v, entry('12345'));
    expect(cache.size.entries).toBe(0);
  });

  it('replaces an entry under the same key without counting it twice', async () => {
    const { cache } = setup();
    const v = await cache.currentVersion();
    await cache.put('k', v, entry('aaaa'));
    await cache.put('k', v, entry('bb'));
    expect(cache.size).toEqual({ entries: 1, bytes: 2 });
  });

  it('computes a tenant key once per data version, as the sorted visible ids', async () => {
    const { cache, setVersion } = setup();
    await cache.currentVersion();
    let calls = 0;
    const visible = async () => {
      calls++;
      return new Set([3, 1, 2]);
    };
    expect(await cache.tenantKey(1, visible)).toBe('1,2,3');
    expect(await cache.tenantKey(1, visible)).toBe('1,2,3');
    expect(calls).toBe(1);
    setVersion('v2');
    await cache.currentVersion();
    await cache.tenantKey(1, visible);
    expect(calls).toBe(2);
  });

  it('lets a request wait for the same answer being computed, and hands it the stored entry', async () => {
    const { cache } = setup();
    const v = await cache.currentVersion();
    expect(cache.inProgress('k', v)).toBeNull();
    const finish = cache.startComputing('k', v);
    const waiting = cache.inProgress('k', v);
    expect(waiting).not.toBeNull();
    const stored = entry('answer');
    await cache.put('k', v, stored);
    finish(stored);
    expect(await waiting).toBe(stored);
    expect(cache.inProgress('k', v)).toBeNull();
  });

  it('ends a wait with nothing when the computation stored nothing, and ignores computations of an older version', async () => {
    const { cache, setVersion } = setup();
    const v1 = await cache.currentVersion();
    const finish = cache.startComputing('k', v1);
    const waiting = cache.inProgress('k', v1);
    setVersion('v2');
    const v2 = await cache.currentVersion();
    expect(cache.inProgress('k', v2)).toBeNull();
    finish(null);
    finish(null);
    expect(await waiting).toBeNull();
  });
});

