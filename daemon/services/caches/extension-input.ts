import { identifierProblem, plainOr, textProblem } from '../../../shared/rules/names.js';
import type { NewToExtension } from '../../store/serverchecks.js';

/** The one user Traffic Ops let post check results and register extensions. */
export const EXTENSION_USER = 'extension';
export const EXTENSION_USER_ONLY = 'invalid user for this API. Only the "extension" user can use this';
export const TO_EXTENSIONS_DEPRECATION = 'This endpoint is deprecated, please use GET /servercheck/extensions instead';
/** Traffic Ops had 31 columns for check results; cdnctl keeps the same limit on check extensions. */
export const CHECK_SLOTS = 31;

export type ExtensionRead =
  { ok: true; ext: Omit<NewToExtension, 'typeId'>; type: string } | { ok: false; error: string };

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** Reads a POST to_extensions body with Traffic Ops' rules (the type is resolved by the caller). */
export function readExtension(body: unknown): ExtensionRead {
  const raw =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (raw.id !== undefined)
    return { ok: false, error: 'ServerCheckExtension update not supported; delete and re-add.' };
  const missing = ['name', 'version', 'info_url', 'script_file', 'type'].filter((k) => text(raw[k]) === null);
  if (raw.isactive !== 0 && raw.isactive !== 1) missing.push('isactive');
  if (missing.length > 0) return { ok: false, error: `required fields missing or invalid: ${missing.join(', ')}` };
  const problem = extensionTextProblem(raw);
  if (problem) return { ok: false, error: problem };
  const type = raw.type as string;
  if (!type.startsWith('CHECK_EXTENSION_')) return { ok: false, error: typeMissing(type) };
  const short = text(raw.servercheck_short_name);
  if (short !== null && !/^[A-Za-z0-9_]{1,16}$/.test(short)) {
    return { ok: false, error: 'servercheck_short_name must be 1 to 16 letters, digits or underscores' };
  }
  return {
    ok: true,
    type,
    ext: {
      name: raw.name as string,
      version: raw.version as string,
      infoUrl: raw.info_url as string,
      scriptFile: raw.script_file as string,
      isActive: raw.isactive === 1,
      additionalConfigJson: text(raw.additional_config_json),
      description: text(raw.description),
      servercheckShortName: short,
    },
  };
}

/** Traffic Ops' `type <t> does not exist`, the type named only when it is a plain name. */
export const typeMissing = (type: string) => plainOr(type, (t) => `type ${t} does not exist`, 'type does not exist');

/** Names (name, version, type, the script) follow the identifier rules; the URL, description and config are free texts. */
function extensionTextProblem(raw: Record<string, unknown>): string | null {
  const names = ['name', 'version', 'type', 'script_file'].map((k) => identifierProblem(k, raw[k] as string));
  const texts = ['info_url', 'description', 'additional_config_json']
    .filter((k) => typeof raw[k] === 'string')
    .map((k) => textProblem(k, raw[k] as string));
  return [...names, ...texts].find((p) => p !== null) ?? null;
}

export type ResultRead =
  | { ok: true; id: number | null; hostName: string | null; shortName: string; value: number | null }
  | { ok: false; error: string };

/** Reads a POST servercheck body: `id` or `host_name`, `servercheck_short_name`, an integer `value`. */
export function readCheckResult(body: unknown): ResultRead {
  const raw =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const id = typeof raw.id === 'number' && Number.isSafeInteger(raw.id) ? raw.id : null;
  const hostName = text(raw.host_name);
  const shortName = text(raw.servercheck_short_name);
  if ((id === null && hostName === null) || shortName === null) {
    return { ok: false, error: 'required fields missing: id or host_name, servercheck_short_name' };
  }
  const problem =
    (hostName === null ? null : identifierProblem('host_name', hostName)) ??
    identifierProblem('servercheck_short_name', shortName);
  if (problem) return { ok: false, error: problem };
  const value = raw.value;
  if (value !== null && value !== undefined && (typeof value !== 'number' || !Number.isSafeInteger(value))) {
    return { ok: false, error: 'value must be an integer' };
  }
  return { ok: true, id, hostName, shortName, value: (value as number | null | undefined) ?? null };
}
