import { describe, expect, it } from 'vitest';
import type { MonitoredCache, MonitoringProfileParameters } from '../../shared/contract/crconfig.js';
import { judge, textThreshold, thresholdsOf, within } from '../../monitor/judge.js';
import { decided, mergeViews } from '../../monitor/merge.js';
import { cacheAuthority, parseOverrides, pollUrl } from '../../monitor/poll-url.js';
import type { CacheJudgement, PollResult } from '../../monitor/types.js';

const cache = (over: Partial<MonitoredCache> = {}): MonitoredCache => ({
  cacheGroup: 'edge-east',
  fqdn: 'edge-a.cdn.test',
  hashId: 'edge-a',
  hostName: 'edge-a',
  interfaceName: 'eth0',
  ip: '10.0.0.5/24',
  ip6: '',
  port: 8080,
  profile: 'EDGE',
  status: 'REPORTED',
  type: 'EDGE',
  ...over,
});

const params = (over: Partial<MonitoringProfileParameters> = {}): MonitoringProfileParameters => ({
  'health.connection.timeout': 1000,
  'health.polling.url': 'http://${hostname}/_astats?inf.name=${interface_name}',
  'health.polling.format': '',
  'health.polling.type': '',
  'history.count': 30,
  MinFreeKbps: 0,
  'health.threshold.availableBandwidthInKbps': '>1750000.000000',
  'health.threshold.loadavg': '<25.000000',
  'health.threshold.queryTime': '',
  ...over,
});

const ok = (stats: unknown, at = 10_000): PollResult => ({ stats, error: null, at });
const load = (n: number) => ({ system: { 'proc.loadavg': `${n} 0.2 0.3 1/100 99` } });

describe('poll URLs', () => {
  it('replace ${hostname} by the IP without its prefix and the port unless 80, ${interface_name} by the interface', () => {
    expect(pollUrl(cache(), params()['health.polling.url'], new Map())).toBe(
      'http://10.0.0.5:8080/_astats?inf.name=eth0',
    );
    expect(pollUrl(cache({ ip: '', port: 80 }), undefined, new Map())).toBe('http://edge-a.cdn.test/_stats');
    expect(cacheAuthority({ ip: '', fqdn: 'm.cdn.test', port: 3000 })).toBe('m.cdn.test:3000');
  });

  it('an override for the host name wins; overrides parse host=url', () => {
    const overrides = parseOverrides(['edge-a=http://127.0.0.1:9/_stats', 'x=y=z']);
    expect(pollUrl(cache(), 'http://${hostname}/', overrides)).toBe('http://127.0.0.1:9/_stats');
    expect(overrides.get('x')).toBe('y=z');
    expect(() => parseOverrides(['nohost'])).toThrow('expected host=url, got "nohost"');
  });
});

describe('thresholds', () => {
  it('parse the 1.x text form and the health_threshold map; the comparator names a healthy value', () => {
    expect(textThreshold('<25.000000')).toEqual({ Comparator: '<', Val: 25 });
    expect(textThreshold('')).toBeNull();
    const all = thresholdsOf(params({ health_threshold: { maxKbps: { Val: 10, Comparator: '>=' } } }));
    expect([...all.keys()]).toEqual(['maxKbps', 'availableBandwidthInKbps', 'loadavg']);
    expect(thresholdsOf(null).size).toBe(0);
    expect([within(3, { Comparator: '>', Val: 2 }), within(2, { Comparator: '>', Val: 2 })]).toEqual([true, false]);
    expect([within(2, { Comparator: '>=', Val: 2 }), within(2, { Comparator: '<=', Val: 1 })]).toEqual([true, false]);
    expect([within(2, { Comparator: '=', Val: 2 }), within(2, { Comparator: '<', Val: 2 })]).toEqual([true, false]);
  });
});

describe('judging a cache by the seed rules', () => {
  const target = (status: string, p = params()) => ({ cache: cache({ status }), parameters: p });

  it('ONLINE and OFFLINE are not polled and are presented as configured', () => {
    expect(judge(target('ONLINE'), null, null)).toMatchObject({ polled: false, isAvailable: true });
    expect(judge(target('OFFLINE'), null, null)).toMatchObject({ polled: false, isAvailable: false });
  });

  it('ADMIN_DOWN is polled and unavailable even when its stats are healthy', () => {
    expect(judge(target('ADMIN_DOWN'), ok(load(0.1)), null)).toEqual({
      hostName: 'edge-a',
      status: 'ADMIN_DOWN',
      polled: true,
      isAvailable: false,
      reason: 'ADMIN_DOWN (answers)',
    });
  });

  it('REPORTED: unavailable when the poll failed, or a threshold is broken; available otherwise', () => {
    const failed: PollResult = { stats: null, error: 'ECONNREFUSED', at: 1 };
    expect(judge(target('REPORTED'), failed, null)).toMatchObject({ isAvailable: false, reason: 'ECONNREFUSED' });
    expect(judge(target('REPORTED'), ok(load(30)), null)).toMatchObject({
      isAvailable: false,
      reason: 'loadavg 30 breaks <25',
    });
    expect(judge(target('REPORTED'), ok(load(1)), null)).toMatchObject({ polled: true, isAvailable: true });
    // stats_over_http gives no load average: the threshold cannot be judged, so it does not count.
    expect(judge(target('REPORTED'), ok({ global: {} }), null).isAvailable).toBe(true);
  });

  it('availableBandwidthInKbps: interface speed less what was sent between two polls', () => {
    const stats = (bytes: number) => ({
      system: { 'inf.speed': '2000', 'proc.loadavg': '0.1' },
      global: { 'proxy.process.http.user_agent_total_response_bytes': String(bytes) },
    });
    const before = ok(stats(0), 10_000);
    // 40 MB in 1 s = 320 000 kbps: 2 000 000 − 320 000 = 1 680 000, under the 1 750 000 the profile needs.
    expect(judge(target('REPORTED'), ok(stats(40_000_000), 11_000), before)).toMatchObject({
      isAvailable: false,
      reason: 'availableBandwidthInKbps 1680000 breaks >1750000',
    });
    expect(judge(target('REPORTED'), ok(stats(1_000_000), 11_000), before).isAvailable).toBe(true);
    expect(judge(target('REPORTED'), ok(stats(40_000_000), 11_000), null).isAvailable).toBe(true);
  });
});

describe('the optimistic merge', () => {
  const local = (host: string, isAvailable: boolean): CacheJudgement => ({
    hostName: host,
    status: 'REPORTED',
    polled: true,
    isAvailable,
    reason: '',
  });

  it('a cache is unavailable only when every monitor that answered agrees', () => {
    const mine = [local('a', false), local('b', false), local('c', true)];
    const merged = mergeViews(mine, [
      { hostName: 'm2', caches: { a: true, b: false }, error: null },
      { hostName: 'm3', caches: null, error: 'ECONNREFUSED' },
    ]);
    expect(merged).toEqual({ a: true, b: false, c: true });
    expect(mergeViews(mine, [])).toEqual({ a: false, b: false, c: true });
  });

  it('a cache merged unavailable is not published while an answering peer has not judged it yet', () => {
    const merged = { a: false, b: false, c: true };
    const peers = [
      { hostName: 'm2', caches: { b: false }, error: null },
      { hostName: 'm3', caches: null, error: 'ECONNREFUSED' },
    ];
    expect(decided(merged, peers)).toEqual({ b: false, c: true });
    expect(decided(merged, [])).toEqual(merged);
  });
});
