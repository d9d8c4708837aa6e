import type { Alert } from '../api/types';

/**
 * Splits the API's error alerts into messages per form field and the rest. The daemon names a field as
 * `ttl: cannot exceed 2160` (jobs) or `'fqdn' must be a valid DNS name` (origins), several joined by `, ` in one
 * alert; `aliases` maps an API key to the form's (deliveryServiceId → deliveryService).
 */
export function fieldErrorsFromAlerts<K extends string>(
  alerts: Alert[],
  fields: readonly K[],
  aliases: Partial<Record<string, K>> = {},
): { fields: Partial<Record<K, string>>; rest: Alert[] } {
  const known = (key: string): K | undefined =>
    aliases[key] ?? ((fields as readonly string[]).find((f) => f === key) as K | undefined);
  const byField: Partial<Record<K, string>> = {};
  const rest: Alert[] = [];
  for (const alert of alerts) {
    if (alert.level !== 'error') {
      rest.push(alert);
      continue;
    }
    const parts = alert.text.split(/, (?=(?:'\w+' |\w+: ))/);
    const left: string[] = [];
    for (const part of parts) {
      const m = /^'(\w+)' (.+)$/.exec(part) ?? /^(\w+): (.+)$/.exec(part);
      const field = m ? known(m[1]) : undefined;
      if (field && m) byField[field] ??= m[2];
      else left.push(part);
    }
    if (left.length > 0) rest.push({ level: 'error', text: left.join(', ') });
  }
  return { fields: byField, rest };
}

/** A shared rule's message without its field name: `ttl: cannot exceed 2160` → `cannot exceed 2160`. */
export function withoutField(message: string | undefined): string | undefined {
  return message?.replace(/^(?:'\w+' |\w+: )/, '');
}
