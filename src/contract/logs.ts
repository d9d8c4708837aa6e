/** A change-log entry as GET logs answers it (Traffic Ops' key order). */
export interface LogRecord {
  id: number;
  /** `YYYY-MM-DD hh:mm:ss+00`. */
  lastUpdated: string;
  /** `APICHANGE` for changes, `LOGIN` for sign-ins and sign-outs. */
  level: string;
  message: string;
  ticketNum: number | null;
  user: string;
}

/** GET logs/newcount. */
export interface LogNewCount {
  newLogcount: number;
}
