import type { Alert } from './types.js';

/** Stable codes of every error the client throws; callers branch on `code`, never on message text. */
export type ClientErrorCode =
  | 'CDNCTL_API_ERROR'
  | 'CDNCTL_NOT_LOGGED_IN'
  | 'CDNCTL_FORBIDDEN'
  | 'CDNCTL_VERSION_NOT_SERVED'
  | 'CDNCTL_UNREACHABLE'
  | 'CDNCTL_BAD_RESPONSE';

/** The base of every client error. */
export class ClientError extends Error {
  constructor(
    readonly code: ClientErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ClientError';
  }
}

/** The server answered with an error status; `message` is its alert text. */
export class ApiError extends ClientError {
  constructor(
    readonly status: number,
    message: string,
    readonly alerts: Alert[] = [],
    code: ClientErrorCode = 'CDNCTL_API_ERROR',
  ) {
    super(code, message);
    this.name = 'ApiError';
  }
}

/** 401: no session, or the session has expired or was ended. */
export class NotLoggedIn extends ApiError {
  constructor(message = 'Unauthorized, please log in.', alerts: Alert[] = []) {
    super(401, message, alerts, 'CDNCTL_NOT_LOGGED_IN');
    this.name = 'NotLoggedIn';
  }
}

/** 403: the session's role or tenant does not allow this. */
export class Forbidden extends ApiError {
  constructor(message = 'Forbidden.', alerts: Alert[] = []) {
    super(403, message, alerts, 'CDNCTL_FORBIDDEN');
    this.name = 'Forbidden';
  }
}

/** 501: the server does not serve the requested API version. */
export class VersionNotServed extends ApiError {
  constructor(
    readonly version: string,
    message: string,
    alerts: Alert[] = [],
  ) {
    super(501, message, alerts, 'CDNCTL_VERSION_NOT_SERVED');
    this.name = 'VersionNotServed';
  }
}

/** No usable answer: connection refused, unknown host, timeout, or an untrusted TLS certificate. */
export class Unreachable extends ClientError {
  constructor(
    readonly url: string,
    reason: string,
    cause?: unknown,
    /** `tls` when the server answered with a certificate that is not trusted. */
    readonly kind: 'network' | 'tls' = 'network',
  ) {
    super('CDNCTL_UNREACHABLE', `cannot reach ${url}: ${reason}`, { cause });
    this.name = 'Unreachable';
  }
}

/** An answer that is not the API's JSON envelope (another service on that port, a proxy's error page). */
export class BadResponse extends ClientError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super('CDNCTL_BAD_RESPONSE', message);
    this.name = 'BadResponse';
  }
}
