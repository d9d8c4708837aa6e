import { StoreUnavailableError } from './unavailable.js';

/** SQLite result codes that mean "the disk or file refuses writes now", not "the request was wrong". */
const UNAVAILABLE = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|BUSY|LOCKED|PROTOCOL|NOLFS)/;

/** Runs a write; a fault of the file or disk becomes a StoreUnavailableError (503), anything else passes on. */
export function guardWrite<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE.test(code)) throw new StoreUnavailableError(err);
    throw err;
  }
}
