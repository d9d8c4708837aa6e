/**
 * The errors services throw, and the only ones: plain classes that carry the status and the text the API answers
 * with, so no service needs the HTTP framework. The one error handler (daemon/http/errors.ts, `handleError`)
 * turns each into the `{"alerts":[...]}` envelope with its status.
 */
export { StoreUnavailableError } from '../store/unavailable.js';

export type AlertLevel = 'success' | 'info' | 'warning' | 'error';
export interface Alert {
  text: string;
  level: AlertLevel;
}

/** An error the client is meant to see: its status and alert text go out as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    text: string,
    /** Alerts (e.g. warnings) to send before the error alert. */
    readonly preceding: Alert[] = [],
  ) {
    super(text);
    this.name = 'ApiError';
  }
}

/** The input is wrong (400). */
export class Invalid extends ApiError {
  constructor(text: string) {
    super(400, text);
  }
}

/** No session, or not a valid one (401). */
export class Unauthorized extends ApiError {
  constructor(text = 'Unauthorized, please log in.') {
    super(401, text);
  }
}

/** The caller may not do this: privilege or tenancy (403). */
export class Forbidden extends ApiError {
  constructor(text = 'Forbidden.') {
    super(403, text);
  }
}

/** What the request names does not exist, or the caller may not see it (404). */
export class NotFound extends ApiError {
  constructor(text: string) {
    super(404, text);
  }
}

/** The write collides with what is stored (409). */
export class Conflict extends ApiError {
  constructor(text: string) {
    super(409, text);
  }
}

/** Too busy for this request now (a share or a queue is full): 429 or 503 with Retry-After. */
export class BusyError extends ApiError {
  constructor(
    status: 429 | 503,
    text: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, text);
  }
}

export const badRequest = (text: string) => new Invalid(text);
export const unauthorized = () => new Unauthorized();
export const forbidden = (text?: string) => new Forbidden(text);
export const notFound = (text: string) => new NotFound(text);
export const conflict = (text: string) => new Conflict(text);
