// The change-log records of the API, shared by the daemon (its response schemas) and the CLI (the types).
import { int, nullableInt, record, text, type FromSchema } from './schema.js';

/**
 * A change-log entry as GET logs answers it (Traffic Ops' key order): `lastUpdated` `YYYY-MM-DD hh:mm:ss+00`;
 * `level` `APICHANGE` for changes, `LOGIN` for sign-ins and sign-outs.
 */
export const logSchema = record({
  id: int,
  lastUpdated: text,
  level: text,
  message: text,
  ticketNum: nullableInt,
  user: text,
});
export type LogRecord = FromSchema<typeof logSchema>;

/** GET logs/newcount. */
export const logNewCountSchema = record({ newLogcount: int });
export type LogNewCount = FromSchema<typeof logNewCountSchema>;
