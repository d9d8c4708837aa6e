// Step 15: types become writable through the API (issue 30), and Traffic Ops' type records carry lastUpdated.
// Existing types keep 0 (the epoch) until they are next written, as the step-13 statuses do.

export const SQLITE_15 = `
  ALTER TABLE types ADD COLUMN last_updated INTEGER NOT NULL DEFAULT 0;
`;

export const POSTGRES_15 = `
  ALTER TABLE types ADD COLUMN last_updated bigint NOT NULL DEFAULT 0;
`;
