import type { MonitoringProfileParameters, ThresholdRecord } from '../../../shared/contract/crconfig.js';
import type { Parameter } from '../../store/parameters.js';

/** The three thresholds Traffic Ops 1.x re-renders as text: comparator + the value with six decimals. */
const AS_TEXT = [
  'health.threshold.availableBandwidthInKbps',
  'health.threshold.loadavg',
  'health.threshold.queryTime',
] as const;

const PREFIX = 'health.threshold.';

/** `">=10"` → {Comparator ">=", Val 10}; a bare number takes `<`; null when the value is no number. */
export function parseThreshold(value: string): ThresholdRecord | null {
  const match = /^\s*(>=|<=|>|<|=)?\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!match) return null;
  return { Comparator: match[1] ?? '<', Val: Number(match[2]) };
}

const integer = (v: string | undefined) => {
  const n = v === undefined ? NaN : Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : 0;
};

/** The threshold as text: `">1750000"` → `">1750000.000000"`; "" when unset or no number. */
function asText(value: string | undefined): string {
  const t = value === undefined ? null : parseThreshold(value);
  return t ? `${t.Comparator}${t.Val.toFixed(6)}` : '';
}

/** `parameters` of a monitoring profile from its `rascal.properties` parameters (reference §1.5). */
export function profileParameters(params: Parameter[]): MonitoringProfileParameters {
  const value = (name: string) => params.find((p) => p.name === name)?.value;
  const others: Record<string, ThresholdRecord> = {};
  for (const p of params) {
    if (!p.name.startsWith(PREFIX) || (AS_TEXT as readonly string[]).includes(p.name)) continue;
    const parsed = parseThreshold(p.value);
    if (parsed) others[p.name.slice(PREFIX.length)] = parsed;
  }
  return {
    'health.connection.timeout': integer(value('health.connection.timeout')),
    'health.polling.url': value('health.polling.url') ?? '',
    'health.polling.format': value('health.polling.format') ?? '',
    'health.polling.type': value('health.polling.type') ?? '',
    'history.count': integer(value('history.count')),
    MinFreeKbps: 0,
    ...(Object.keys(others).length ? { health_threshold: others } : {}),
    [AS_TEXT[0]]: asText(value(AS_TEXT[0])),
    [AS_TEXT[1]]: asText(value(AS_TEXT[1])),
    [AS_TEXT[2]]: asText(value(AS_TEXT[2])),
  } as MonitoringProfileParameters;
}
