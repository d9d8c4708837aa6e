/**
 * Rules of profiles and parameters (issue 31), with Traffic Ops 1.x's texts: the API, the snapshot importer, the
 * CLI and the portal refuse the same records with the same words.
 */

/** Traffic Ops' profile_type enum. */
export const PROFILE_TYPES = [
  'ATS_PROFILE',
  'TR_PROFILE',
  'TM_PROFILE',
  'TS_PROFILE',
  'TP_PROFILE',
  'INFLUXDB_PROFILE',
  'RIAK_PROFILE',
  'SPLUNK_PROFILE',
  'DS_PROFILE',
  'ORG_PROFILE',
  'KAFKA_PROFILE',
  'LOGSTASH_PROFILE',
  'ES_PROFILE',
  'UNK_PROFILE',
  'GROVE_PROFILE',
] as const;

/** The text of a profile type outside the enum, or null. */
export function profileTypeProblem(type: string): string | null {
  return (PROFILE_TYPES as readonly string[]).includes(type)
    ? null
    : `invalid enum value ${type} for field profile_type.`;
}

/** The mask a secure parameter's value shows below admin. */
export const SECURE_MASK = '********';

/** A parameter as a write sends it (any field may be missing). */
export interface ParameterDraft {
  name?: unknown;
  configFile?: unknown;
  value?: unknown;
}

const blank = (v: unknown) => typeof v !== 'string' || v === '';

/** A number Go's strconv.ParseFloat accepts, NaN excepted. */
export function isValidFloat(text: string): boolean {
  const t = text.trim() === text ? text : '';
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) || /^[+-]?(inf|infinity)$/i.test(t);
}

/**
 * The problems of a parameter, each `'<field>' <text>` as Traffic Ops words them: a blank (or missing) name or
 * config file; a parent.config `weight` whose value is not a number.
 */
export function parameterProblems(p: ParameterDraft): string[] {
  const problems: string[] = [];
  if (blank(p.name)) problems.push("'name' cannot be blank");
  if (blank(p.configFile)) problems.push("'configFile' cannot be blank");
  const value = typeof p.value === 'string' ? p.value : '';
  if (p.configFile === 'parent.config' && p.name === 'weight' && !isValidFloat(value))
    problems.push("'parent.config weight' must be a valid float");
  return problems;
}

/** A profile as a write sends it. */
export interface ProfileDraft {
  name?: unknown;
  description?: unknown;
  cdn?: unknown;
  type?: unknown;
}

/** The problems of a profile (Traffic Ops' required fields), `'<field>' cannot be blank` each. */
export function profileProblems(p: ProfileDraft): string[] {
  const problems: string[] = [];
  if (blank(p.name)) problems.push("'name' cannot be blank");
  if (blank(p.description)) problems.push("'description' cannot be blank");
  if (typeof p.cdn !== 'number' || p.cdn === 0) problems.push("'cdn' cannot be blank");
  if (blank(p.type)) problems.push("'type' cannot be blank");
  return problems;
}
