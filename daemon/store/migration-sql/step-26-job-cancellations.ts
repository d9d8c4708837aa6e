// Step 26 (issue 33, "Beyond the anchors"): a cancelled purge job leaves its row here, so the removal of its rule
// from the caches can be followed like the job itself was: a cache has dropped the rule once it reported a
// revalidation pass that started after `cancelled_at`. `entered_time` is the job's own, kept for the answer.
// Gone with its delivery service. A later cancel of a job that reused the id replaces the row.

export const SQLITE_26 = `
  CREATE TABLE job_cancellations (
    job_id INTEGER PRIMARY KEY,
    deliveryservice_id INTEGER NOT NULL REFERENCES deliveryservices(id) ON DELETE CASCADE,
    entered_time INTEGER NOT NULL,
    cancelled_at INTEGER NOT NULL
  );
`;

export const POSTGRES_26 = `
  CREATE TABLE job_cancellations (
    job_id integer PRIMARY KEY,
    deliveryservice_id integer NOT NULL REFERENCES deliveryservices(id) ON DELETE CASCADE,
    entered_time bigint NOT NULL,
    cancelled_at bigint NOT NULL
  );
`;
