/**
 * The store cannot write right now (read-only database, full disk, a database that does not answer): the request
 * was not wrong, so it is answered 503 until the fault clears. Defined by the store, which raises it; services
 * re-export it from their errors module (daemon/services/errors.ts) and the one error handler maps it.
 */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the database cannot be written right now; try again later', { cause });
    this.name = 'StoreUnavailableError';
  }
}
