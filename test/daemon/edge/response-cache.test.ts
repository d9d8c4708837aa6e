import { describe, expect, it } from 'vitest';
import { ResponseCache, type CachedResponse } from '../../../daemon/edge/response-cache.js';

function setup(maxBytes = 1000, largeBytes?: number) {
  let now = 1_000_000;
  const cache = new ResponseCache({
    maxBytes,
    largeBytes,
    clock: () => now,
    dataVersion: async (tables) => (tables ? tables.join() : 'all'),
  });
  return { cache, advance: (ms: number) => (now += ms), now: () => now };
}

const entry = (text: string, version = 'v1', expiresAt: number | null = null): CachedResponse => ({
  version,
  body: Buffer.from(text),
  headers: { 'content-type': 'application/json; charset=utf-8' },
  expiresAt,
});

describe('ResponseCache', () => {
  it('answers a stored entry only under the data version it was computed under', () => {
    const { cache } = setup();
    cache.put('k', entry('{"response":[]}', 'v1'));
    expect(cache.get('k', 'v1')?.body?.toString()).toBe('{"response":[]}');
    expect(cache.get('k', 'v2')).toBeUndefined();
  });

  it('replaces an outdated entry with the answer computed under the new version', () => {
    const { cache } = setup();
    cache.put('k', entry('old', 'v1'));
    cache.put('k', entry('new', 'v2'));
    expect(cache.get('k', 'v2')?.body?.toString()).toBe('new');
    expect(cache.size).toEqual({ entries: 1, bytes: 3 });
  });

  it('asks the store for the versions of the tables an answer names, or of everything', async () => {
    const { cache } = setup();
    expect(await cache.version(['origins', 'tenants'])).toBe('origins,tenants');
    expect(await cache.version(null)).toBe('all');
  });

  it('treats an entry past its expiry as absent', () => {
    const { cache, advance, now } = setup();
    cache.put('k', entry('x', 'v1', now() + 500));
    advance(499);
    expect(cache.get('k', 'v1')).toBeDefined();
    advance(1);
    expect(cache.get('k', 'v1')).toBeUndefined();
    expect(cache.size.bytes).toBe(0);
  });

  it('evicts the least recently used entries beyond its byte budget', () => {
    const { cache } = setup(10);
    cache.put('a', entry('1234'));
    cache.put('b', entry('1234'));
    cache.get('a', 'v1');
    cache.put('c', entry('1234'));
    expect(cache.get('b', 'v1')).toBeUndefined();
    expect(cache.get('a', 'v1')).toBeDefined();
    expect(cache.get('c', 'v1')).toBeDefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
  });

  it('never keeps a body larger than its whole budget', () => {
    const { cache } = setup(4, 100);
    expect(cache.put('big', entry('12345'))).toBe(false);
    expect(cache.size.entries).toBe(0);
  });

  it('keeps a large answer in its gzip form only, counting its compressed bytes', async () => {
    const { cache } = setup(1000, 200);
    const text = JSON.stringify({ response: Array.from({ length: 100 }, (_, id) => ({ id, name: 'origin' })) });
    expect(text.length).toBeGreaterThan(1000);
    const large = entry(text);
    await cache.seal(large);
    expect(large.body).toBeNull();
    expect(cache.put('k', large)).toBe(true);
    expect(cache.size.bytes).toBe(large.gzipBytes);
    expect(cache.size.bytes).toBeLessThan(1000);
    const small = entry('{"response":[]}');
    await cache.seal(small);
    expect(small.body?.toString()).toBe('{"response":[]}');
  });

  it('computes a tenant key once per version of the tenant tree, as the sorted visible ids', async () => {
    const { cache } = setup();
    let calls = 0;
    const visible = async () => {
      calls++;
      return new Set([3, 1, 2]);
    };
    expect(await cache.tenantKey(1, 't1', visible)).toBe('1,2,3');
    expect(await cache.tenantKey(1, 't1', visible)).toBe('1,2,3');
    expect(calls).toBe(1);
    await cache.tenantKey(1, 't2', visible);
    expect(calls).toBe(2);
  });

  it('lets a request wait for the same answer being computed, and hands it the answer', async () => {
    const { cache } = setup();
    expect(cache.inProgress('k', 'v1')).toBeNull();
    const finish = cache.startComputing('k', 'v1');
    const waiting = cache.inProgress('k', 'v1');
    expect(waiting).not.toBeNull();
    const answer = entry('answer');
    finish(answer);
    expect(await waiting).toBe(answer);
    expect(cache.inProgress('k', 'v1')).toBeNull();
  });

  it('ends a wait with nothing when the computation failed, and ignores computations of another version', async () => {
    const { cache } = setup();
    const finish = cache.startComputing('k', 'v1');
    const waiting = cache.inProgress('k', 'v1');
    expect(cache.inProgress('k', 'v2')).toBeNull();
    finish(null);
    finish(null);
    expect(await waiting).toBeNull();
  });
});
