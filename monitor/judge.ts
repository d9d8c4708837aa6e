import type { MonitoringProfileParameters, ThresholdRecord } from '../shared/contract/crconfig.js';
import type { CacheJudgement, PollResult, PollTarget } from './types.js';

/** The counter of bytes sent to clients in ATS's stats (stats_over_http `global`, astats `ats`). */
const BYTES_OUT = 'proxy.process.http.user_agent_total_response_bytes';

type Stats = Record<string, Record<string, unknown> | undefined>;

const asStats = (v: unknown): Stats => (typeof v === 'object' && v !== null ? (v as Stats) : {});

/** A number from a stats value (ATS prints many as strings). */
function numberOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number.parseFloat(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** A stat by its name in any section (`global` of stats_over_http; `ats` and `system` of astats). */
function named(stats: Stats, name: string): number | null {
  for (const section of ['global', 'ats', 'system']) {
    const value = numberOf(stats[section]?.[name]);
    if (value !== null) return value;
  }
  return null;
}

/** The one-minute load average: astats' `system["proc.loadavg"]` ("0.10 0.20 …"), or a `loadavg` stat. */
function loadavg(stats: Stats): number | null {
  const text = stats.system?.['proc.loadavg'];
  return typeof text === 'string' ? numberOf(text.trim().split(/\s+/)[0]) : named(stats, 'loadavg');
}

/**
 * The bandwidth left: the interface speed (`system["inf.speed"]`, Mbps) less what was sent to clients between
 * the previous poll and this one; null without both polls or the speed.
 */
function availableKbps(now: PollResult, previous: PollResult | null): number | null {
  const stats = asStats(now.stats);
  const speed = numberOf(stats.system?.['inf.speed']);
  const bytes = named(stats, BYTES_OUT);
  const before = previous?.stats ? named(asStats(previous.stats), BYTES_OUT) : null;
  if (speed === null || bytes === null || before === null || !previous || now.at <= previous.at) return null;
  const kbps = ((bytes - before) * 8) / (now.at - previous.at);
  return speed * 1000 - Math.max(0, kbps);
}

/** `"<25.000000"` → {Comparator "<", Val 25}; null for "" or no number. */
export function textThreshold(text: string): ThresholdRecord | null {
  const m = /^\s*(>=|<=|>|<|=)?\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  return m ? { Comparator: m[1] ?? '<', Val: Number(m[2]) } : null;
}

/** Every threshold of a profile by stat name: the three text ones and `health_threshold`. */
export function thresholdsOf(p: MonitoringProfileParameters | null): Map<string, ThresholdRecord> {
  const out = new Map<string, ThresholdRecord>();
  if (!p) return out;
  for (const [stat, t] of Object.entries(p.health_threshold ?? {})) out.set(stat, t);
  for (const stat of ['availableBandwidthInKbps', 'loadavg', 'queryTime'] as const) {
    const t = textThreshold(p[`health.threshold.${stat}`]);
    if (t) out.set(stat, t);
  }
  return out;
}

/** Whether `value` keeps to the threshold (the comparator says what a healthy value is). */
export function within(value: number, t: ThresholdRecord): boolean {
  switch (t.Comparator) {
    case '>':
      return value > t.Val;
    case '>=':
      return value >= t.Val;
    case '<=':
      return value <= t.Val;
    case '=':
      return value === t.Val;
    default:
      return value < t.Val;
  }
}

/** The value of a threshold's stat, where the stats allow it. */
function statValue(stat: string, poll: PollResult, previous: PollResult | null): number | null {
  const stats = asStats(poll.stats);
  if (stat === 'loadavg') return loadavg(stats);
  if (stat === 'availableBandwidthInKbps') return availableKbps(poll, previous);
  return named(stats, stat);
}

/** The first threshold the stats break, as a reason, or null. */
function brokenThreshold(target: PollTarget, poll: PollResult, previous: PollResult | null): string | null {
  for (const [stat, t] of thresholdsOf(target.parameters)) {
    const value = statValue(stat, poll, previous);
    if (value !== null && !within(value, t)) return `${stat} ${value} breaks ${t.Comparator}${t.Val}`;
  }
  return null;
}

/**
 * A cache judged by the seed's rules: ONLINE and OFFLINE are not polled and are presented as configured
 * (available and unavailable); ADMIN_DOWN is polled and always unavailable; REPORTED is available when its stats
 * answered within the profile's timeout and keep to the profile's thresholds. Pure.
 */
export function judge(target: PollTarget, poll: PollResult | null, previous: PollResult | null): CacheJudgement {
  const { hostName, status } = target.cache;
  const base = { hostName, status };
  if (status !== 'REPORTED' && status !== 'ADMIN_DOWN')
    return { ...base, polled: false, isAvailable: status === 'ONLINE', reason: `${status}: not polled` };
  const answered = poll !== null && poll.error === null;
  if (status === 'ADMIN_DOWN')
    return { ...base, polled: true, isAvailable: false, reason: `ADMIN_DOWN (${answered ? 'answers' : poll?.error})` };
  if (!answered) return { ...base, polled: true, isAvailable: false, reason: poll?.error ?? 'not polled yet' };
  const broken = brokenThreshold(target, poll, previous);
  return { ...base, polled: true, isAvailable: broken === null, reason: broken ?? 'stats within thresholds' };
}
