// Step 17: when each profile ↔ parameter link was made (issue 31). GET profileparameters answers each link's
// `lastUpdated` as Traffic Ops did; links made before this step read 0 (the epoch).

export const SQLITE_17 = `
  ALTER TABLE profile_parameters ADD COLUMN last_updated INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX profile_parameters_parameter ON profile_parameters(parameter_id);
`;

export const POSTGRES_17 = `
  ALTER TABLE profile_parameters ADD COLUMN last_updated bigint NOT NULL DEFAULT 0;
  CREATE INDEX profile_parameters_parameter ON profile_parameters(parameter_id);
`;
