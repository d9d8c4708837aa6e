/**
 * Tables that only sign-in bookkeeping writes (sessions, failed and successful logins): no API answer but authentication reads
 * them, so they get no version (a login writes nothing else); an answer that names one anyway is dropped by
 * every write (DataVersions.of).
 */
export const BOOKKEEPING_TABLES: readonly string[] = ['sessions', 'login_failures', 'login_successes'];
