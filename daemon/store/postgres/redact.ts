// Apart from pool.ts so that naming a database URL (daemon status, messages) does not load the driver.

/** `url` with its password replaced, for logs and `daemon status`: secrets in the URL never leave the process. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const key of [...parsed.searchParams.keys()]) {
      if (/pass|secret|key/i.test(key)) parsed.searchParams.set(key, '***');
    }
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

/** Whether `url` names a PostgreSQL database (the `--database` option's accepted schemes). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}
