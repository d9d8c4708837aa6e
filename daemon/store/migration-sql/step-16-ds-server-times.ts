// Step 16 (issue 30): when each delivery-service ↔ server link was made, for GET deliveryserviceserver's
// `lastUpdated`. Links made before this step read as 0 (the epoch).

export const SQLITE_16 = `
  ALTER TABLE deliveryservice_servers ADD COLUMN last_updated INTEGER NOT NULL DEFAULT 0;
`;

export const POSTGRES_16 = `
  ALTER TABLE deliveryservice_servers ADD COLUMN last_updated bigint NOT NULL DEFAULT 0;
`;
