// Step 24 (issue 35): the published configuration of each CDN for the other servers, as Traffic Ops' `snapshot`
// table kept it: the CRConfig the routers read and the monitoring configuration the health monitors read, both as
// the JSON text published, and when (the CRConfig's stats.date, in milliseconds here). One row per CDN, replaced by
// each publish; it goes with its CDN.

export const SQLITE_20 = `
  CREATE TABLE cdn_snapshots (
    cdn_id INTEGER PRIMARY KEY REFERENCES cdns(id) ON DELETE CASCADE,
    crconfig TEXT NOT NULL,
    monitoring TEXT NOT NULL,
    last_updated INTEGER NOT NULL
  );
`;

export const POSTGRES_20 = `
  CREATE TABLE cdn_snapshots (
    cdn_id integer PRIMARY KEY REFERENCES cdns(id) ON DELETE CASCADE,
    crconfig text NOT NULL,
    monitoring text NOT NULL,
    last_updated bigint NOT NULL
  );
`;
