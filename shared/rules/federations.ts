// The rules of federations (Traffic Ops 1.x cdnfederation): shared by the API, the snapshot importer and the CLI.

const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** A federation's CNAME: a DNS name that ends with a period. Answers Traffic Ops' problem text, or null. */
export function cnameProblem(cname: unknown): string | null {
  if (typeof cname !== 'string' || cname.trim() === '') return "'cname' cannot be blank";
  if (!cname.endsWith('.')) return "'cname' must end with a period";
  const labels = cname.slice(0, -1).split('.');
  if (cname.length > 254 || !labels.every((l) => LABEL.test(l))) return "'cname' must be a valid hostname";
  return null;
}

const TTL_MAX = 2147483647;

/** A federation's TTL: required, an integer, at least 0 (ozzo's Required: 0 counts as blank, as in Traffic Ops). */
export function ttlProblem(ttl: unknown): string | null {
  if (ttl === undefined || ttl === null || ttl === 0) return "'ttl' cannot be blank";
  if (typeof ttl !== 'number' || !Number.isInteger(ttl)) return "'ttl' must be an integer";
  if (ttl < 0) return "'ttl' must be no less than 0";
  // The column is a 32-bit integer: a larger TTL was a 500 on PostgreSQL.
  if (ttl > TTL_MAX) return `'ttl' must be no greater than ${TTL_MAX}`;
  return null;
}

/** A CDN federation request: `{cname, ttl, description}`. */
export interface CdnFederationInput {
  cname: string;
  ttl: number;
  description: string | null;
}

/** Checks a POST/PUT cdns/{name}/federations body; every problem, joined by the caller. */
export function parseCdnFederation(
  raw: unknown,
): { ok: true; value: CdnFederationInput } | { ok: false; errors: string[] } {
  const body = (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const errors = [cnameProblem(body.cname), ttlProblem(body.ttl)].filter((e): e is string => e !== null);
  if (body.description !== undefined && body.description !== null && typeof body.description !== 'string') {
    errors.push("'description' must be a string");
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      cname: body.cname as string,
      ttl: body.ttl as number,
      description: typeof body.description === 'string' ? body.description : null,
    },
  };
}
