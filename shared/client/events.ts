import { BadResponse } from './errors.js';
import { interpret, type HttpClient } from './http.js';

/**
 * Follows a server-sent event stream at an API path: `onEvent` gets each event's name (`message` when it has
 * none) as it arrives; keep-alive comments are skipped. Resolves when the server ends the stream or `signal`
 * aborts; an answer other than 200 rejects with the API's error, as a JSON call would.
 */
export async function followEvents(
  http: HttpClient,
  path: string,
  onEvent: (event: string) => void,
  signal: AbortSignal,
): Promise<void> {
  let res;
  try {
    res = await http.open(path, 'text/event-stream', signal);
  } catch (err) {
    if (signal.aborted) return;
    throw err;
  }
  if (res.statusCode !== 200) {
    interpret(res.statusCode, res.headers, await res.body.text(), http.version);
    throw new BadResponse(res.statusCode, `unexpected answer from the server: HTTP ${res.statusCode}`);
  }
  try {
    await readEvents(res.body, onEvent);
  } catch (err) {
    if (!signal.aborted) throw err;
  }
}

/** Splits an event stream into its events (blank-line separated) and hands on each one's name. */
async function readEvents(body: AsyncIterable<Buffer>, onEvent: (event: string) => void): Promise<void> {
  let pending = '';
  for await (const chunk of body) {
    pending += chunk.toString('utf8');
    let end: number;
    while ((end = pending.search(/\r?\n\r?\n/)) >= 0) {
      const lines = pending.slice(0, end).split(/\r?\n/);
      pending = pending.slice(end).replace(/^\r?\n\r?\n/, '');
      if (lines.every((l) => l.startsWith(':'))) continue;
      const named = lines.find((l) => l.startsWith('event:'));
      onEvent(named ? named.slice('event:'.length).trim() : 'message');
    }
  }
}
