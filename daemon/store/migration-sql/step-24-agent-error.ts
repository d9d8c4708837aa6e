// Step 24 (issue 32, finding 2): why a cache's agent last failed to apply what the daemon generated for it (ATS
// refused the files, a plugin is missing…), as the agent reported it on its check-in, and when. Cleared by the
// agent's next successful apply. Null for a cache whose agent never reported a failure (ORT never does).

export const SQLITE_24 = `
  ALTER TABLE servers ADD COLUMN agent_error TEXT;
  ALTER TABLE servers ADD COLUMN agent_error_at INTEGER;
`;

export const POSTGRES_24 = `
  ALTER TABLE servers ADD COLUMN agent_error text;
  ALTER TABLE servers ADD COLUMN agent_error_at bigint;
`;
