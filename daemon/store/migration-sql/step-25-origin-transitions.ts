// Step 25 (issue 32, finding 1): an origin change without a 404. While a delivery service's primary origin moves,
// the MIDs above its caches must accept requests for the previous origin as well as the new one (an EDGE that has
// not applied the change yet still asks for the old one). `ds_origin_transitions` keeps each previous origin with
// the time it was left, until every cache in service assigned to the delivery service has applied an update read
// after that time; `servers.upd_applied_at` is that read time of a cache's last syncds pass that cleared its queued
// update (the daemon's clock, as reval_applied_at is for purges).

export const SQLITE_25 = `
  ALTER TABLE servers ADD COLUMN upd_applied_at INTEGER;
  CREATE TABLE ds_origin_transitions (
    deliveryservice_id INTEGER NOT NULL REFERENCES deliveryservices(id) ON DELETE CASCADE,
    origin TEXT NOT NULL,
    changed_at INTEGER NOT NULL,
    PRIMARY KEY (deliveryservice_id, origin)
  ) WITHOUT ROWID;
`;

export const POSTGRES_25 = `
  ALTER TABLE servers ADD COLUMN upd_applied_at bigint;
  CREATE TABLE ds_origin_transitions (
    deliveryservice_id integer NOT NULL REFERENCES deliveryservices(id) ON DELETE CASCADE,
    origin text NOT NULL,
    changed_at bigint NOT NULL,
    PRIMARY KEY (deliveryservice_id, origin)
  );
`;
