import { StoreUnavailableError } from '../unavailable.js';

/**
 * SQLSTATE classes and codes that mean "the database cannot serve now", not "the request was wrong": connection
 * failures (08), insufficient resources (53), operator intervention such as a shutdown (57), a read-only server
 * (25006), and the driver's own socket errors.
 */
const UNAVAILABLE_CLASSES = ['08', '53', '57'];
const UNAVAILABLE_CODES = new Set([
  '25006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error/i;

export function isUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_CLASSES.includes(code.slice(0, 2)))) {
    return true;
  }
  return err instanceof Error && UNAVAILABLE_MESSAGES.test(err.message);
}

/** Runs a query; a database that cannot answer becomes a StoreUnavailableError (503), anything else passes on. */
export async function guardPg<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof StoreUnavailableError || !isUnavailable(err)) throw err;
    throw new StoreUnavailableError(err);
  }
}

/** Unique violation: a name or key another row already has. */
export const isUniqueViolation = (err: unknown) => (err as { code?: unknown }).code === '23505';
/** Serialization failure or deadlock: the transaction may simply be run again. */
export const isRetryable = (err: unknown) => ['40001', '40P01'].includes((err as { code?: string }).code ?? '');
