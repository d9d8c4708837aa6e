// Step 22 (issue 35): what the health monitors last published about each cache (Traffic Monitor's CrStates, kept
// by the daemon): whether the cache is available after the monitors' optimistic merge, which monitor said so and
// when (epoch milliseconds). One row per cache that a monitor has judged; it goes with its server.

export const SQLITE_22 = `
  CREATE TABLE cache_health (
    server_id INTEGER PRIMARY KEY REFERENCES servers(id) ON DELETE CASCADE,
    available INTEGER NOT NULL CHECK (available IN (0, 1)),
    monitor TEXT NOT NULL,
    reported_at INTEGER NOT NULL
  );
`;

export const POSTGRES_22 = `
  CREATE TABLE cache_health (
    server_id integer PRIMARY KEY REFERENCES servers(id) ON DELETE CASCADE,
    available integer NOT NULL CHECK (available IN (0, 1)),
    monitor text NOT NULL,
    reported_at bigint NOT NULL
  );
`;
