/**
 * The little of a logger that services write to: the request's logger (pino) fits it, and so does a test's fake,
 * so a service can log with its request's context without knowing the HTTP framework.
 */
export interface ServiceLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
