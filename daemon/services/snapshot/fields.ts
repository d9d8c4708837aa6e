import { identifierProblem, textProblem } from '../../../shared/rules/names.js';
import { DNS_NAME } from '../../../shared/rules/servers.js';

/**
 * Reads the fields of one snapshot record, collecting every problem as `<label>: <field>: <text>` instead of
 * stopping at the first. Pure: no database, no I/O.
 */
export class FieldReader {
  constructor(
    /** How errors name the record: `deliveryServices[2] (xmlId "ds3")`. */
    readonly label: string,
    readonly raw: Record<string, unknown>,
    private readonly errors: string[],
  ) {}

  /** Records a problem with this record. */
  fail(text: string): void {
    this.errors.push(`${this.label}: ${text}`);
  }

  /** Reports fields this record type does not have (a typo would otherwise be ignored silently). */
  rejectUnknown(allowed: readonly string[]): void {
    for (const key of Object.keys(this.raw)) if (!allowed.includes(key)) this.fail(`${key}: is not a known field`);
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined && this.raw[key] !== null;
  }

  /** A non-blank string; '' after reporting when missing or wrong. */
  requiredString(key: string): string {
    const v = this.raw[key];
    if (v === undefined || v === null) {
      this.fail(`${key}: is required`);
      return '';
    }
    if (typeof v !== 'string') {
      this.fail(`${key}: must be a string`);
      return '';
    }
    if (v.trim() === '') {
      this.fail(`${key}: cannot be blank`);
      return '';
    }
    return v;
  }

  /** A string, or null when absent, null or empty. */
  optionalString(key: string): string | null {
    const v = this.raw[key];
    if (v === undefined || v === null || v === '') return null;
    if (typeof v !== 'string') {
      this.fail(`${key}: must be a string`);
      return null;
    }
    return v;
  }

  /** A string as given, the empty one included (a text the API stores as sent), or null when absent or null. */
  optionalText(key: string): string | null {
    const v = this.raw[key];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') {
      this.fail(`${key}: must be a string`);
      return null;
    }
    return v;
  }

  /** Reports a stored name that breaks the identifier rules, or a free text that breaks the text rules. */
  held(key: string, value: string | null, kind: 'name' | 'text' = 'name'): void {
    if (!value) return;
    const problem = kind === 'name' ? identifierProblem(key, value) : textProblem(key, value);
    if (problem) this.fail(problem);
  }

  /** A required name, held to the identifier rules. */
  requiredName(key: string): string {
    const v = this.requiredString(key);
    this.held(key, v);
    return v;
  }

  /** A string with a default when absent. */
  stringOr(key: string, fallback: string): string {
    return this.optionalString(key) ?? fallback;
  }

  boolean(key: string, fallback: boolean): boolean {
    const v = this.raw[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'boolean') {
      this.fail(`${key}: must be a boolean`);
      return fallback;
    }
    return v;
  }

  /** An integer given as a JSON number or a string of digits (the seed types many numbers as strings). */
  optionalInteger(key: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number | null {
    const v = this.raw[key];
    if (v === undefined || v === null || v === '') return null;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n)) {
      this.fail(`${key}: must be an integer`);
      return null;
    }
    if (n < min || n > max) {
      this.fail(`${key}: must be ${max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `between ${min} and ${max}`}`);
      return null;
    }
    return n;
  }

  integerOr(key: string, fallback: number, min?: number, max?: number): number {
    return this.optionalInteger(key, min, max) ?? fallback;
  }

  requiredInteger(key: string, min?: number, max?: number): number {
    if (!this.has(key)) {
      this.fail(`${key}: is required`);
      return 0;
    }
    return this.optionalInteger(key, min, max) ?? 0;
  }

  /** A number given as a JSON number or a numeric string, within [min, max]. */
  optionalNumber(key: string, min: number, max: number): number | null {
    const v = this.raw[key];
    if (v === undefined || v === null || v === '') return null;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isFinite(n)) {
      this.fail(`${key}: must be a number`);
      return null;
    }
    if (n < min || n > max) {
      this.fail(`${key}: must be between ${min} and ${max}`);
      return null;
    }
    return n;
  }

  requiredNumber(key: string, min: number, max: number): number {
    if (!this.has(key)) {
      this.fail(`${key}: is required`);
      return 0;
    }
    return this.optionalNumber(key, min, max) ?? 0;
  }

  /** One of a fixed list of values. */
  oneOf<T extends string>(key: string, values: readonly T[], fallback: T): T {
    const v = this.optionalString(key);
    if (v === null) return fallback;
    if (!(values as readonly string[]).includes(v)) {
      this.fail(`${key}: must be one of ${values.join(', ')}`);
      return fallback;
    }
    return v as T;
  }

  /** An array of non-blank strings, without duplicates. */
  stringList(key: string): string[] {
    const v = this.raw[key];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v) || v.some((item) => typeof item !== 'string' || item.trim() === '')) {
      this.fail(`${key}: must be an array of names`);
      return [];
    }
    const list = v as string[];
    const repeated = list.filter((item, i) => list.indexOf(item) !== i);
    if (repeated.length > 0) this.fail(`${key}: names "${repeated[0]}" more than once`);
    return [...new Set(list)];
  }
}

/**
 * Whether a snapshot's own value may appear in an import error (the operator reads them to find the record): a
 * name of at most 128 characters that passes the identifier rules; anything else is left out of the text.
 */
export const quotable = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && identifierProblem('', value, 128) === null;

/** `section[index] (key "value")`, or `section[index]` when the record has no usable key. */
export function recordLabel(section: string, index: number, keyName: string, raw: Record<string, unknown>): string {
  const key = raw[keyName];
  return quotable(key) ? `${section}[${index}] (${keyName} "${key}")` : `${section}[${index}]`;
}

/** Lowercase letters, digits and dashes (the seed's XML ID rule). */
export const XML_ID = /^[a-z0-9-]+$/;
export { DNS_NAME, HOST_LABEL } from '../../../shared/rules/servers.js';

/** Parses `http(s)://host[:port]` (one optional trailing slash); null when it is anything else. */
export function parseOriginUrl(text: string): { protocol: string; fqdn: string; port: number | null } | null {
  const m = /^(https?):\/\/([^/:?#\s]+)(?::(\d{1,5}))?\/?$/.exec(text.trim());
  if (!m) return null;
  const [, protocol, host, port] = m;
  if (!DNS_NAME.test(host)) return null;
  const portNumber = port === undefined ? null : Number(port);
  if (portNumber !== null && (portNumber < 1 || portNumber > 65535)) return null;
  return { protocol, fqdn: host, port: portNumber };
}
